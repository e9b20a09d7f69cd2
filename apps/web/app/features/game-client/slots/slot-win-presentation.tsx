import { useEffect, useState, useSyncExternalStore } from 'react';
import { countUpDurationMs, countUpValue, type WinTier } from './slot-win.fns.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : undefined;

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  if (typeof query?.addEventListener !== 'function') return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the player asked for less motion (the count-up and the celebration then stay still). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery()?.matches === true,
    () => false,
  );
}

/** The win amount counting up from 0 to `target` (minor units), once per settled spin `key`. */
export function useCountUp(target: number, tier: WinTier, reducedMotion: boolean, key: unknown) {
  const duration = countUpDurationMs(tier, reducedMotion);
  // The value reached for one spin; another spin's (or none yet) shows as the count's start.
  const [progress, setProgress] = useState<{ key: unknown; value: number } | null>(null);
  useEffect(() => {
    if (duration <= 0) return;
    let frame = 0;
    const started = performance.now();
    const step = (now: number) => {
      const value = countUpValue(target, now - started, duration);
      setProgress({ key, value });
      if (value < target) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, duration, key]);
  if (duration <= 0) return target;
  return progress && progress.key === key ? progress.value : 0;
}

/**
 * The big-win celebration over the reels: the words and the amount, with a burst of light that
 * CSS keeps still under prefers-reduced-motion. It goes by itself or on a click; the summary
 * under the reels announces the win to screen readers, so this layer is not announced twice.
 */
export function BigWinCelebration({
  title,
  amount,
  onDone,
}: {
  title: string;
  amount: string;
  onDone: () => void;
}) {
  useEffect(() => {
    const timer = setTimeout(onDone, 3_200);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <div
      aria-hidden="true"
      onClick={onDone}
      className="slot-big-win absolute inset-0 z-10 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl bg-black/60 text-center"
      data-testid="slot-big-win"
    >
      <p className="slot-big-win-title font-display text-4xl font-black tracking-wide uppercase sm:text-5xl">
        {title}
      </p>
      <p className="slot-accent text-2xl font-bold tabular-nums sm:text-3xl">{amount}</p>
    </div>
  );
}
