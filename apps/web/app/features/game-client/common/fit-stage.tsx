import { useLayoutEffect, useRef, useState } from 'react';
import { fitScale } from './fit-scale.fns';

/**
 * The game's stage scaled to the room the frame leaves it: the board keeps its own layout (its
 * natural size, measured) and is scaled down as a whole, so the board and the action button
 * show together on any screen the frame gets (decision 032). Below the minimum scale it scrolls.
 */
export function FitStage({ children }: { children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ scale: 1, height: 0 });

  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!outer || !inner || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      // offsetWidth/Height: the layout size, before the transform.
      const natural = { width: inner.offsetWidth, height: inner.offsetHeight };
      const scale = fitScale({ width: outer.clientWidth, height: outer.clientHeight }, natural);
      setFit((old) =>
        old.scale === scale && old.height === natural.height
          ? old
          : { scale, height: natural.height },
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    observer.observe(inner);
    measure();
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={box} className="relative min-h-0 flex-1 overflow-auto" data-testid="game-stage">
      {/* The scaled height is what the box scrolls by when even the minimum scale is too big. */}
      <div style={{ height: fit.scale < 1 ? fit.height * fit.scale : undefined }}>
        <div
          ref={content}
          className="origin-top"
          style={fit.scale < 1 ? { transform: `scale(${fit.scale})` } : undefined}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
