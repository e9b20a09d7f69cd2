import { PurchaseStatus } from '@coinfall/shared/constants';
import type { BundlePurchase } from '@coinfall/shared/contracts/shop';
import { redeemMessages } from '../../../i18n/messages/redeem.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { useCancelPaymentAction } from '../../history/cancel-payment.ts';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { useRecentPurchases } from '../api/purchases.ts';
import { bundleTitleOf } from '../bundles.fns.ts';
import { visibleAccounts } from '../../wallet/accounts.fns.ts';
import { useAccounts } from '../../wallet/accounts.api.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { useMoney } from '../../wallet/use-money.ts';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';

type Texts = Record<keyof (typeof paymentMessages)['en'], string>;

const SECTION = 'rounded-2xl border border-border bg-surface p-5';

/** /payments: balances, the ways to add funds, and the latest bundle purchases. */
export function PaymentsHub() {
  const t = useMessages(paymentMessages);
  const modals = useModals();
  const accounts = useAccounts();
  const purchases = useRecentPurchases(10);
  const money = useMoney();

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="payments-actions" className={SECTION}>
        <h2 id="payments-actions" className="mb-3 font-display text-lg font-bold text-text">
          {t.hubActions}
        </h2>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => modals.openKeyed('bundles')}
          >
            {t.hubBuyCoins}
          </button>
          <button
            type="button"
            className={buttonClass('accent')}
            onClick={() => modals.open('fiat')}
          >
            {t.hubDeposit}
          </button>
          <button
            type="button"
            className={buttonClass('outline')}
            onClick={() => modals.open('withdraw')}
          >
            {t.hubWithdraw}
          </button>
          <button
            type="button"
            className={buttonClass('outline')}
            onClick={() => modals.openKeyed('payment')}
          >
            {t.hubMethods}
          </button>
        </div>
      </section>

      <section aria-labelledby="payments-balances" className={SECTION}>
        <h2 id="payments-balances" className="mb-3 font-display text-lg font-bold text-text">
          {t.hubBalances}
        </h2>
        <LoadState texts={t} query={accounts} rows={2}>
          {(list) => (
            <ul className="grid gap-2 sm:grid-cols-3" data-testid="payments-balances">
              {visibleAccounts(list).map((account) => (
                <li key={account.id} className="rounded-xl bg-surface-2 px-4 py-3">
                  <span className="block text-xs text-text-muted">{account.currency}</span>
                  <span className="text-lg font-semibold text-text tabular-nums">
                    {money.balanceOf(account)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </section>

      <section aria-labelledby="payments-purchases" className={SECTION}>
        <h2 id="payments-purchases" className="mb-3 font-display text-lg font-bold text-text">
          {t.hubPurchases}
        </h2>
        <LoadState texts={t} query={{ ...purchases, data: purchases.data?.data }} rows={3}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-text-muted">{t.hubPurchasesEmpty}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border">
                {list.map((purchase) => (
                  <PurchaseRow key={purchase.id} purchase={purchase} t={t} />
                ))}
              </ul>
            )
          }
        </LoadState>
      </section>
    </div>
  );
}

function PurchaseRow({ purchase, t }: { purchase: BundlePurchase; t: Texts }) {
  const locale = useLocale();
  const format = useFormatAmount();
  const status = t[`purchaseStatus${purchase.status}`];
  // One still being paid (3-D Secure left open) can be canceled here as in the history.
  const cancel = useCancelPaymentAction(useMessages(redeemMessages));
  const { invoiceId } = purchase;
  const cancelable = purchase.status === PurchaseStatus.InProgress && invoiceId !== null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
      <span className="text-text">
        {formatMessage(t.purchaseRow, {
          title: bundleTitleOf(purchase.bundleIdentity),
          goldCoins: format(purchase.goldCoins, 'GC'),
          sweepsCoins: format(purchase.sweepsCoins, 'SC'),
        })}
      </span>
      <span className="flex items-center gap-3 text-text-muted">
        <span className="tabular-nums">{format(purchase.amount, purchase.currency)}</span>
        <time dateTime={purchase.createdAt}>
          {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
            new Date(purchase.createdAt),
          )}
        </time>
        <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold">
          {status}
        </span>
        {cancelable && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={cancel.isPending}
            onClick={() => cancel.ask(invoiceId, format(purchase.amount, purchase.currency))}
          >
            {cancel.label}
          </button>
        )}
      </span>
      <LiveMessage text={cancel.notice.text} tone={cancel.notice.tone} />
    </li>
  );
}
