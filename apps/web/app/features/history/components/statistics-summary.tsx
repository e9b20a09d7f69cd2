import type { InvoiceStatistics } from '@coinfall/shared/contracts/payment';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { redeemMessages, type RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { formatEquivalent } from '../../wallet/money.fns';
import { useInvoiceStatistics } from '../api/invoice-statistics';
import { useFormatMoney } from '../hooks/use-format-money';
import { profileMessages } from '../../../i18n/messages/profile.ts';

const KINDS = [
  ['deposits', 'statDeposits'],
  ['withdrawals', 'statWithdrawals'],
  ['purchases', 'statPurchases'],
  ['virtualPayouts', 'statRedemptions'],
] as const satisfies readonly [keyof Omit<InvoiceStatistics, 'currency'>, keyof RedeemTexts][];

/** Spec §3 Statistics: count, total in the base currency and the last one of each movement. */
export function StatisticsSummary() {
  const t = useMessages(redeemMessages);
  // The wording these sections have always shown (the profile's load texts).
  const loadTexts = useMessages(profileMessages);
  const statistics = useInvoiceStatistics();
  return (
    <PageSection
      id="history-statistics"
      title={t.historyStatsTitle}
      description={
        statistics.data
          ? formatMessage(t.historyStatsIntro, { currency: statistics.data.currency })
          : undefined
      }
    >
      <LoadState texts={loadTexts} query={statistics} rows={2}>
        {(data) => <StatisticsCards data={data} t={t} />}
      </LoadState>
    </PageSection>
  );
}

function StatisticsCards({ data, t }: { data: InvoiceStatistics; t: RedeemTexts }) {
  const locale = useLocale();
  const format = useFormatMoney();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {KINDS.map(([kind, label]) => {
        const stats = data[kind];
        return (
          <li
            key={kind}
            data-testid={`stat-${kind}`}
            className="rounded-xl bg-surface-2 px-4 py-3 text-sm"
          >
            <h4 className="font-semibold text-text">{t[label]}</h4>
            {stats.count === 0 ? (
              <p className="mt-1 text-text-muted">{t.statNone}</p>
            ) : (
              <>
                <p className="mt-1 text-text">
                  {formatMessage(t.statCount, { count: stats.count })}
                </p>
                <p className="text-text tabular-nums">
                  {formatMessage(t.statTotal, {
                    amount: formatEquivalent(
                      { currency: data.currency, amount: stats.sumBase },
                      locale,
                    ),
                  })}
                </p>
                {stats.last && (
                  <p className="mt-1 text-xs text-text-muted">
                    {formatMessage(t.statLast, {
                      amount: format.money(stats.last.amount, stats.last.currency),
                      date: format.date(stats.last.processedAt),
                    })}
                  </p>
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
