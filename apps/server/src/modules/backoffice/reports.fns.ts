import {
  REPORT_CSV_COLUMNS,
  type AdminReport,
  type ReportCurrencyRow,
  type ReportDay,
} from '@coinfall/shared';
import type { AmountDayRow, CountDayRow, InvoiceDayRow, RoundDayRow } from './reports.repo.ts';

const DAY_MS = 86_400_000;

/** Every UTC day from `from` to `to`, both included (YYYY-MM-DD). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

const emptyRow = (currency: string): ReportCurrencyRow => ({
  currency,
  purchases: 0,
  purchaseCount: 0,
  redemptions: 0,
  redemptionCount: 0,
  stakes: 0,
  wins: 0,
  ggr: 0,
  bonusCost: 0,
  ngr: 0,
  activePlayers: 0,
});

/**
 * The report from the grouped rows of each source: every day of the range (an empty day is a
 * day with zeros), the currencies that had any activity that day in code order. GGR = stakes −
 * wins; NGR = GGR − bonus cost (decision 037).
 */
export function assembleReport(
  range: { from: string; to: string },
  sources: {
    invoices: InvoiceDayRow[];
    rounds: RoundDayRow[];
    bonusCost: AmountDayRow[];
    registrations: CountDayRow[];
  },
): AdminReport {
  const byDay = new Map<string, { day: ReportDay; currencies: Map<string, ReportCurrencyRow> }>();
  for (const day of daysOf(range.from, range.to)) {
    byDay.set(day, {
      day: { day, newRegistrations: 0, activePlayers: 0, currencies: [] },
      currencies: new Map(),
    });
  }
  const rowOf = (day: string, currency: string): ReportCurrencyRow | undefined => {
    const entry = byDay.get(day);
    if (!entry) return undefined;
    let row = entry.currencies.get(currency);
    if (!row) {
      row = emptyRow(currency);
      entry.currencies.set(currency, row);
    }
    return row;
  };

  for (const r of sources.invoices) {
    const row = rowOf(r.day, r.currency);
    if (!row) continue;
    row.purchases += num(r.purchases);
    row.purchaseCount += num(r.purchase_count);
    row.redemptions += num(r.redemptions);
    row.redemptionCount += num(r.redemption_count);
  }
  for (const r of sources.rounds) {
    if (r.currency === null) {
      const entry = byDay.get(r.day);
      if (entry) entry.day.activePlayers = num(r.active_players);
      continue;
    }
    const row = rowOf(r.day, r.currency);
    if (!row) continue;
    row.stakes += num(r.stakes);
    row.wins += num(r.wins);
    row.activePlayers = num(r.active_players);
  }
  for (const r of sources.bonusCost) {
    const row = rowOf(r.day, r.currency);
    if (row) row.bonusCost += num(r.amount);
  }
  for (const r of sources.registrations) {
    const entry = byDay.get(r.day);
    if (entry) entry.day.newRegistrations = num(r.count);
  }

  const days = [...byDay.values()].map(({ day, currencies }) => ({
    ...day,
    currencies: [...currencies.values()]
      .map((row) => {
        const ggr = row.stakes - row.wins;
        return { ...row, ggr, ngr: ggr - row.bonusCost };
      })
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  }));
  return { from: range.from, to: range.to, days };
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The report as CSV: a header row, then per day one row per currency and a `*` row with the
 * day's figures that have no currency (active players in all currencies, registrations); money
 * columns of a `*` row are empty, since amounts of different currencies do not add up.
 */
export function reportCsv(report: AdminReport): string {
  const lines = [REPORT_CSV_COLUMNS.join(',')];
  for (const day of report.days) {
    for (const c of day.currencies) {
      lines.push(
        [
          day.day,
          c.currency,
          c.purchases,
          c.purchaseCount,
          c.redemptions,
          c.redemptionCount,
          c.stakes,
          c.wins,
          c.ggr,
          c.bonusCost,
          c.ngr,
          c.activePlayers,
          null,
        ]
          .map(csvField)
          .join(','),
      );
    }
    lines.push(
      [day.day, '*', ...Array<null>(9).fill(null), day.activePlayers, day.newRegistrations]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
