import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The words of the three states. Each feature passes its own bundle: the wording differs by
 * feature in some locales, and a shared bundle here would add a chunk to the header's menu.
 */
export interface LoadTexts {
  loading: string;
  loadFailed: string;
  retry: string;
}

/**
 * A section's data in its three states: a skeleton marked busy while it loads, the failure with
 * a retry (announced), or the content.
 */
export function LoadState<T>({
  query,
  texts,
  rows = 3,
  children,
}: {
  query: QueryLike<T>;
  texts: LoadTexts;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined && !query.isError) return <>{children(query.data)}</>;
  if (query.isPending) return <Skeleton rows={rows} label={texts.loading} />;
  return <LoadFailed texts={texts} onRetry={() => void query.refetch()} />;
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

export function LoadFailed({
  onRetry,
  texts,
  text,
}: {
  onRetry: () => void;
  texts: LoadTexts;
  /** Replaces texts.loadFailed (a more precise failure). */
  text?: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-text"
    >
      <span>{text ?? texts.loadFailed}</span>
      <button type="button" onClick={onRetry} className={buttonClass('outline', 'sm')}>
        {texts.retry}
      </button>
    </div>
  );
}
