import type { ReactNode } from 'react';
import { useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A section's data in its three states: a skeleton marked busy while it loads, the failure with
 * a retry (announced), or the content.
 */
export function LoadState<T>({
  query,
  rows = 3,
  children,
}: {
  query: QueryLike<T>;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const t = useMessages(profileMessages);
  if (query.data !== undefined && !query.isError) return <>{children(query.data)}</>;
  if (query.isPending) return <Skeleton rows={rows} label={t.loading} />;
  return <LoadFailed onRetry={() => void query.refetch()} />;
}

export function Skeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div aria-busy="true" role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden className="h-10 animate-pulse rounded-lg bg-surface-2" />
      ))}
    </div>
  );
}

export function LoadFailed({ onRetry, text }: { onRetry: () => void; text?: string }) {
  const t = useMessages(profileMessages);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-text"
    >
      <span>{text ?? t.loadFailed}</span>
      <button type="button" onClick={onRetry} className={buttonClass('outline', 'sm')}>
        {t.retry}
      </button>
    </div>
  );
}

/** One titled block of a profile page (h3 under the page's h1 and the tab's h2). */
export function ProfileSection({
  id,
  title,
  description,
  children,
  aside,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-2xl border border-border bg-surface p-5 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-display text-lg font-bold text-text">
            {title}
          </h3>
          {description ? <p className="mt-1 text-sm text-text-muted">{description}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A polite live region for the outcome of an action ("The session has been closed"). */
export function LiveMessage({ text, tone = 'info' }: { text: string; tone?: 'info' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`text-sm empty:hidden ${tone === 'error' ? 'text-danger' : 'text-success'}`}
    >
      {text}
    </p>
  );
}
