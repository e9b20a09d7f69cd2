import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
} from 'react';

/*
 * The shell's popover (notifications, balance, account menu). A small disclosure rather than
 * Radix Popover: the shell is on every page and Radix's positioning engine alone would cost more
 * than the rest of the shell's JavaScript. Behaviour follows the WAI-ARIA disclosure pattern:
 * the trigger toggles, Escape closes and returns focus, a click or focus outside closes.
 */

const CloseContext = createContext<() => void>(() => {});

type ClickableElement = ReactElement<{ onClick?: (event: React.MouseEvent) => void }>;

export function Popover({
  trigger,
  label,
  children,
  width = 'w-80',
}: {
  trigger: ReactElement<React.ButtonHTMLAttributes<HTMLButtonElement>>;
  label: string;
  children: React.ReactNode;
  width?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback((restoreFocus = false) => {
    setOpen(false);
    if (restoreFocus) root.current?.querySelector<HTMLElement>('[aria-controls]')?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open, close]);

  return (
    <div ref={root} className="relative">
      {cloneElement(trigger, {
        'aria-expanded': open,
        'aria-controls': id,
        onClick: () => setOpen((o) => !o),
      })}
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-label={label}
        tabIndex={-1}
        hidden={!open}
        className={`absolute top-full right-0 z-50 mt-2 ${width} max-w-[calc(100vw-1.5rem)] max-sm:fixed max-sm:inset-x-3 max-sm:top-16 max-sm:w-auto max-sm:max-w-none rounded-2xl border border-border bg-surface-raised p-2 text-text shadow-2xl shadow-black/40 outline-none`}
      >
        <CloseContext value={() => close()}>{open ? children : null}</CloseContext>
      </div>
    </div>
  );
}

/** Wraps one clickable child (a link in the panel) so activating it also closes the popover. */
export function PopoverClose({ children }: { children: ClickableElement; asChild?: boolean }) {
  const close = useContext(CloseContext);
  return cloneElement(children, {
    onClick: (event: React.MouseEvent) => {
      children.props.onClick?.(event);
      close();
    },
  });
}
