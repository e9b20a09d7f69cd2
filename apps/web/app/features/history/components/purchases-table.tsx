import { PurchaseStatus } from '@coinfall/shared/constants';
import type { BundlePurchase } from '@coinfall/shared/contracts/shop';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { useCancelPaymentAction } from '../cancel-payment';
import type { RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { usePurchases } from '../api/purchases';
import { newestFirst } from '../history.fns';
import { useFormatMoney } from '../hooks/use-format-money';
import { Pager } from '../../../ui/pager';
import { useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';

const PURCHASE_STATUS = { 1: 'purchase_1', 2: 'purchase_2', 3: 'purchase_3' } as const;

/**
 * The bundle purchases (GET /api/shop/purchases), newest first, paged; one still being paid can
 * be canceled (its invoice, at the provider).
 */
export function PurchasesTable({
  page,
  perPage,
  onPage,
  t,
}: {
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  t: RedeemTexts;
}) {
  const purchases = usePurchases(page, perPage);
  // The wording these sections have always shown (the profile's load texts).
  const loadTexts = useMessages(profileMessages);
  return (
    <LoadState texts={loadTexts} query={purchases} rows={4}>
      {(list) =>
        list.data.length === 0 ? (
          <p className="text-sm text-text-muted" data-testid="history-empty">
            {t.purchasesEmpty}
          </p>
        ) : (
          <>
            <PurchaseRows purchases={newestFirst(list.data)} t={t} />
            <Pager meta={list.meta} onPage={onPage} t={t} />
          </>
        )
      }
    </LoadState>
  );
}

function PurchaseRows({ purchases, t }: { purchases: BundlePurchase[]; t: RedeemTexts }) {
  const format = useFormatMoney();
  const payment = useCancelPaymentAction(t);
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.tab_purchases}</caption>
          <thead className="text-xs text-text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t.colDate}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.colBundle}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.colAmount}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.colCoins}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.colStatus}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {purchases.map((purchase) => (
              <tr
                key={purchase.id}
                data-testid="history-purchase"
                className="border-t border-border"
              >
                <td className="px-3 py-3 whitespace-nowrap text-text-muted">
                  <time dateTime={purchase.createdAt}>{format.date(purchase.createdAt)}</time>
                </td>
                <th scope="row" className="px-3 py-3 font-semibold text-text">
                  {purchase.bundleIdentity}
                </th>
                <td className="px-3 py-3 text-right text-text tabular-nums">
                  {format.money(purchase.amount, purchase.currency)}
                </td>
                <td className="px-3 py-3 text-right text-text-muted tabular-nums">
                  {format.money(purchase.goldCoins, 'GC')} +{' '}
                  {format.money(purchase.sweepsCoins, 'SC')}
                </td>
                <td className="px-3 py-3 text-text">{t[PURCHASE_STATUS[purchase.status]]}</td>
                <td className="px-3 py-3 text-right">
                  {purchase.status === PurchaseStatus.InProgress && purchase.invoiceId && (
                    <button
                      type="button"
                      className={buttonClass('outline', 'sm')}
                      disabled={payment.isPending}
                      data-testid="cancel-payment"
                      onClick={() =>
                        purchase.invoiceId &&
                        payment.ask(
                          purchase.invoiceId,
                          format.money(purchase.amount, purchase.currency),
                        )
                      }
                    >
                      {t.cancelPayment}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LiveMessage text={payment.notice.text} tone={payment.notice.tone} />
    </div>
  );
}
