import type { ReactNode } from 'react';
import { useMessages } from '../../../i18n/i18n.tsx';
import { walletMessages } from '../../../i18n/messages/wallet.ts';
import { buttonClass } from '../../../ui/button.ts';

/*
 * The wallet's loading, failure and outcome states. They mirror profile/components/load-state
 * but with the wallet's texts: the balance menu is in the header of every player page, and
 * importing the profile's module (and its large message bundle) there would add a chunk to the
 * list the guest's root route carries for PlayerControls.
 */

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A skeleton marked busy while loading, the failure with a retry (announced), or the content. */
export function WalletLoadState<T>({
  query,
  rows = 3,
  children,
}: {
  query: QueryLike<T>;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const t = useMessages(walletMessages);
  if (query.data !== undefined && !query.isError) return <>{children(query.data)}</>;
  if (query.isPending)
    return (
      <div aria-busy="true" role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t.loading}</span>
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} aria-hidden className="h-10 animate-pulse rounded-lg bg-surface-2" />
        ))}
      </div>
    );
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-text"
    >
      <span>{t.loadFailed}</span>
      <button
        type="button"
        onClick={() => void query.refetch()}
        className={buttonClass('outline', 'sm')}
      >
        {t.retry}
      </button>
    </div>
  );
}

/** A polite live region for the outcome of an action ("Your active account is now USD."). */
export function WalletLiveMessage({
  text,
  tone = 'info',
}: {
  text: string;
  tone?: 'info' | 'error';
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`text-sm empty:hidden ${tone === 'error' ? 'text-danger' : 'text-success'}`}
    >
      {text}
    </p>
  );
}
