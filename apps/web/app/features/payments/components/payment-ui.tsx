import { useEffect, useRef, type ReactNode } from 'react';
import { useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { SECONDARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';

/** A busy skeleton with a spoken label. */
export function LoadingBlock({ rows = 2, label }: { rows?: number; label?: string }) {
  const t = useMessages(paymentMessages);
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">{label ?? t.loading}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden className="h-14 animate-pulse rounded-xl bg-surface-2" />
      ))}
    </div>
  );
}

/** A load failure with a retry, announced at once. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useMessages(paymentMessages);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-text"
    >
      <span>{t.loadFailed}</span>
      <button type="button" className={SECONDARY_BUTTON} onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

/**
 * The heading of an outcome (success, declined, processing): it takes the focus when it appears,
 * so keyboard and screen-reader users land on the news instead of a button that vanished.
 */
export function OutcomeHeading({
  children,
  tone,
}: {
  children: ReactNode;
  tone: 'success' | 'error' | 'info';
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const color =
    tone === 'success' ? 'text-success' : tone === 'error' ? 'text-danger' : 'text-text';
  return (
    <h3 ref={ref} tabIndex={-1} className={`text-lg font-semibold outline-none ${color}`}>
      {children}
    </h3>
  );
}

/** A polite live region that stays mounted, so each status change is read out. */
export function LiveStatus({ children }: { children?: ReactNode }) {
  return (
    <p role="status" className="text-sm text-text-muted empty:sr-only">
      {children}
    </p>
  );
}
