import type { Bundle } from '@coinfall/shared/contracts/shop';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { LoadFailed, LoadingBlock } from './payment-ui.tsx';
import { useCurrencyIndex } from '../../wallet/use-format-amount.ts';
import { PRIMARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { useBundles } from '../api/bundles.ts';
import { useHasPurchased } from '../api/purchases.ts';
import { orderBundles, viewBundle } from '../bundles.fns.ts';

type Texts = Record<keyof (typeof paymentMessages)['en'], string>;

const BADGE_TEXT: Record<NonNullable<Bundle['badge']>, keyof Texts> = {
  popular: 'badgePopular',
  'best-value': 'badgeBestValue',
  'first-purchase': 'badgeFirstPurchase',
};

/** The bundles on sale as a list of cards; choosing one calls `onChoose`. */
export function BundleList({ onChoose }: { onChoose: (bundle: Bundle) => void }) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const bundles = useBundles();
  const currencies = useCurrencyIndex();
  const hasPurchased = useHasPurchased();

  if (bundles.isPending) return <LoadingBlock rows={3} />;
  if (bundles.isError) return <LoadFailed onRetry={() => void bundles.refetch()} />;
  const list = orderBundles(bundles.data);
  if (list.length === 0) return <p className="text-sm text-text-muted">{t.bundlesEmpty}</p>;

  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={t.bundlesListLabel} className="grid gap-3 sm:grid-cols-2">
        {list.map((bundle) => {
          const view = viewBundle(bundle, currencies, locale, hasPurchased);
          return (
            <li
              key={bundle.id}
              data-testid="bundle-card"
              className="relative flex flex-col gap-2 rounded-xl border border-border-strong bg-surface p-4"
            >
              {view.badge && (
                <span className="self-start rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">
                  {t[BADGE_TEXT[view.badge]]}
                </span>
              )}
              <h3 className="font-semibold text-text">{view.title}</h3>
              <p className="text-xl font-bold text-accent tabular-nums">{view.goldCoins}</p>
              <p className="text-sm text-success tabular-nums">
                {formatMessage(t.bundleBonus, { amount: view.sweepsCoins })}
              </p>
              <button
                type="button"
                className={`${PRIMARY_BUTTON} mt-auto`}
                aria-label={formatMessage(t.bundleBuyLabel, {
                  title: view.title,
                  goldCoins: view.goldCoins,
                  sweepsCoins: view.sweepsCoins,
                  price: view.price,
                })}
                onClick={() => onChoose(bundle)}
              >
                {formatMessage(t.bundleBuy, { price: view.price })}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-text-muted">{t.disclaimer}</p>
    </div>
  );
}
