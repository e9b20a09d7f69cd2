import type { Currency } from '@coinfall/shared/contracts/core';
import type { ReportCurrencyRow, ReportDay } from '@coinfall/shared/contracts/admin-reports';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { useDailyReport } from '../api/admin-reports';
import { useCurrencies } from '../api/currencies';
import { DayRangeForm, useDayRange } from '../components/day-range-form';
import { formatAmount } from '../format.fns';
import { reportCsvHref } from '../reports.fns';

export const meta = () => adminMeta('Reports');

const CELL = 'px-3 py-2 text-right tabular-nums';

type Money = (minor: number, currency: string) => string;

const AMOUNTS: readonly [string, (r: ReportCurrencyRow, money: Money) => string][] = [
  ['Purchases', (r, money) => `${money(r.purchases, r.currency)} (${r.purchaseCount})`],
  ['Redemptions', (r, money) => `${money(r.redemptions, r.currency)} (${r.redemptionCount})`],
  ['Stakes', (r, money) => money(r.stakes, r.currency)],
  ['Wins', (r, money) => money(r.wins, r.currency)],
  ['GGR', (r, money) => money(r.ggr, r.currency)],
  ['Bonus cost', (r, money) => money(r.bonusCost, r.currency)],
  ['NGR', (r, money) => money(r.ngr, r.currency)],
  ['Active players', (r) => String(r.activePlayers)],
];

/** One day: a row per currency; the day's registrations and players of any currency once. */
function DayRows({ day, money }: { day: ReportDay; money: Money }) {
  const span = Math.max(1, day.currencies.length);
  const dayCells = (
    <th scope="rowgroup" rowSpan={span} className="px-3 py-2 font-semibold whitespace-nowrap">
      {day.day}
    </th>
  );
  const totals = (
    <>
      <td rowSpan={span} className={CELL}>
        {day.activePlayers}
      </td>
      <td rowSpan={span} className={CELL}>
        {day.newRegistrations}
      </td>
    </>
  );
  if (day.currencies.length === 0)
    return (
      <tr className="border-t border-border">
        {dayCells}
        <td colSpan={AMOUNTS.length + 1} className="px-3 py-2 text-text-muted">
          No money moved
        </td>
        {totals}
      </tr>
    );
  return (
    <>
      {day.currencies.map((row, index) => (
        <tr key={row.currency} className="border-t border-border align-top">
          {index === 0 && dayCells}
          <td className="px-3 py-2">{row.currency}</td>
          {AMOUNTS.map(([header, cell]) => (
            <td key={header} className={CELL}>
              {cell(row, money)}
            </td>
          ))}
          {index === 0 && totals}
        </tr>
      ))}
    </>
  );
}

function ReportTable({
  days,
  currencies,
}: {
  days: readonly ReportDay[];
  currencies: readonly Currency[] | undefined;
}) {
  const money: Money = (minor, currency) => formatAmount(minor, currency, currencies);
  const headers = ['Day', 'Currency', ...AMOUNTS.map(([h]) => h), 'Players (all)', 'Registrations'];
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Daily figures per currency (UTC days)</caption>
        <thead className="bg-surface-2 text-xs text-text-muted uppercase">
          <tr>
            {headers.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={`px-3 py-2 font-semibold ${i > 1 ? 'text-right' : ''}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <DayRows key={day.day} day={day} money={money} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Daily figures per UTC day and currency (purchases and deposits, payouts, GGR, bonus cost,
 * NGR, players) for a range of days, and the same as CSV. Counts are in brackets.
 */
export default function AdminReports() {
  const range = useDayRange();
  const query = useDailyReport({ from: range.from, to: range.to });
  const currencies = useCurrencies().data;

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Reports</h1>
      <p className="mb-4 text-sm text-text-muted">
        Per UTC day. GGR = stakes − wins of the rounds settled that day (free spins excluded); NGR =
        GGR − bonus cost. Counts in brackets.
      </p>
      <DayRangeForm range={range} label="Report range">
        <a href={reportCsvHref(range)} download className={buttonClass('outline', 'md')}>
          Download CSV
        </a>
      </DayRangeForm>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={5}>
        {(report) => (
          <div aria-busy={query.isFetching || undefined}>
            <ReportTable days={report.days} currencies={currencies} />
          </div>
        )}
      </LoadState>
    </>
  );
}
