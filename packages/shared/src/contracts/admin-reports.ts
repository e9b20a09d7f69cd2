import { z } from 'zod';
import { pagedListSchema, pageQuerySchema, sortOrderSchema } from './player.ts';

/**
 * The back office's daily reports (issue 17, decision 037): per UTC day and currency, computed by
 * SQL from invoices, settled rounds and the ledger. Every amount is in minor units of its row's
 * currency.
 */

/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 366;

const day = z.iso
  .date()
  .regex(/^(19|20)\d\d-/, 'A year from 1900 to 2099')
  .describe('A UTC day, YYYY-MM-DD');

export const adminReportQuerySchema = z
  .object({
    from: day.describe('First day, included'),
    to: day.describe('Last day, included'),
  })
  .superRefine((q, ctx) => {
    const [from, to] = [Date.parse(q.from), Date.parse(q.to)];
    // A day that failed its own check is named there already.
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (to < from) ctx.addIssue({ code: 'custom', message: 'Not before from', path: ['to'] });
    else if ((to - from) / 86_400_000 >= REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: `At most ${REPORT_MAX_DAYS} days`, path: ['to'] });
    }
  });
export type AdminReportQuery = z.infer<typeof adminReportQuerySchema>;

export const reportCurrencyRowSchema = z.object({
  currency: z.string(),
  purchases: z.number().int().describe('Completed purchases and deposits (by completion day)'),
  purchaseCount: z.number().int(),
  redemptions: z.number().int().describe('Payouts paid (by completion day)'),
  redemptionCount: z.number().int(),
  stakes: z.number().int().describe('Stakes of rounds settled that day, free spins excluded'),
  wins: z.number().int().describe('What those rounds paid back'),
  ggr: z.number().int().describe('Gross gaming revenue: stakes − wins'),
  bonusCost: z
    .number()
    .int()
    .describe('Net outflow of the house promotions account: bonuses, rewards, free coins, credits'),
  ngr: z.number().int().describe('Net gaming revenue: GGR − bonus cost'),
  activePlayers: z.number().int().describe('Players with a round settled that day'),
});
export type ReportCurrencyRow = z.infer<typeof reportCurrencyRowSchema>;

export const reportDaySchema = z.object({
  day,
  newRegistrations: z.number().int(),
  activePlayers: z.number().int().describe('Players with a round settled that day, any currency'),
  currencies: z.array(reportCurrencyRowSchema),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const adminReportSchema = z.object({
  from: day,
  to: day,
  days: z.array(reportDaySchema).describe('Every day of the range, oldest first'),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** The CSV export's columns, in order (one row per day and currency; `*` rows: the day's totals). */
export const REPORT_CSV_COLUMNS = [
  'day',
  'currency',
  'purchases',
  'purchase_count',
  'redemptions',
  'redemption_count',
  'stakes',
  'wins',
  'ggr',
  'bonus_cost',
  'ngr',
  'active_players',
  'new_registrations',
] as const;

// ---- Big-deposit alerts (decision 043) ----

/** The big-deposit alerts' sortable columns; the id breaks ties. */
export const ADMIN_BIG_DEPOSIT_SORTS = ['createdAt', 'totalBase'] as const;

export const adminBigDepositQuerySchema = pageQuerySchema.extend({
  playerId: z.uuid().optional(),
  /** Only alerts whose 24 h total reached this (base minor units); the alert threshold below it. */
  minTotal: z.coerce.number().int().min(0).max(1_000_000_000_00).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  sort: z.enum(ADMIN_BIG_DEPOSIT_SORTS).default('createdAt'),
  order: sortOrderSchema,
});
export type AdminBigDepositQuery = z.infer<typeof adminBigDepositQuerySchema>;

export const adminBigDepositSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  playerEmail: z.string().nullable(),
  invoiceId: z.uuid(),
  amount: z.number().int().describe('The purchase or deposit that reached the total'),
  currency: z.string(),
  totalBase: z.number().int().describe('The player’s 24 h successful total, base minor units'),
  delivery: z.enum(['pending', 'sent', 'failed', 'not_configured']),
  createdAt: z.iso.datetime(),
});
export type AdminBigDeposit = z.infer<typeof adminBigDepositSchema>;
export const adminBigDepositListSchema = pagedListSchema(adminBigDepositSchema).extend({
  thresholdBase: z.number().int().describe('The alert’s 24 h threshold, base minor units'),
  baseCurrency: z.string(),
});
export type AdminBigDepositList = z.infer<typeof adminBigDepositListSchema>;
