import {
  LIMIT_PERIOD_MINUTES,
  type LimitPeriod,
  type LimitType,
  type PlayerLimit,
} from '@coinfall/shared/contracts/limits';

/** Limits are whole cents on the wire (limits.ts); the player types units ("12.50"). */
const AMOUNT_INPUT = /^\d{1,10}(?:[.,]\d{1,2})?$/;

/** "12.50" or "12,5" → 1250; undefined for anything that is not a positive amount. */
export function centsFromInput(input: string): number | undefined {
  const text = input.trim().replace(/\s/g, '');
  if (!AMOUNT_INPUT.test(text)) return undefined;
  const [units = '0', fraction = ''] = text.split(/[.,]/);
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 ? cents : undefined;
}

/** 1250 → "12.50", for an input's starting value. */
export function inputFromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** 1250 USD → "$12.50" in the player's language. */
export function formatCents(cents: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    // A code Intl does not know (a virtual coin): the number and the code.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** Whole minutes typed for a session-time limit, 1 to the period's minutes; else undefined. */
export function minutesFromInput(input: string, period: LimitPeriod): number | undefined {
  const text = input.trim();
  if (!/^\d{1,6}$/.test(text)) return undefined;
  const minutes = Number(text);
  return minutes >= 1 && minutes <= LIMIT_PERIOD_MINUTES[period] ? minutes : undefined;
}

/** "90 min" in the player's language. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute' }).format(minutes);
}

/** A limit's amount as the player reads it: minutes for session time, money otherwise. */
export function formatLimitAmount(
  limit: Pick<PlayerLimit, 'type' | 'currency'>,
  amount: number,
  locale: string,
): string {
  return limit.type === 'session-time'
    ? formatMinutes(amount, locale)
    : formatCents(amount, limit.currency, locale);
}

/** What is waiting on a limit: a raise or a removal, each with the time it takes effect. */
export type PendingChange =
  { kind: 'raise'; amount: number; at: string } | { kind: 'removal'; at: string };

/**
 * The change still cooling off, if any (a removal wins: the server drops a waiting raise when it
 * schedules one). A time already passed shows nothing: the next list will have it settled.
 */
export function pendingChange(
  limit: Pick<PlayerLimit, 'pendingAmount' | 'effectiveAt' | 'removesAt'>,
  now: Date,
): PendingChange | undefined {
  if (limit.removesAt && Date.parse(limit.removesAt) > now.getTime())
    return { kind: 'removal', at: limit.removesAt };
  if (
    limit.pendingAmount !== null &&
    limit.effectiveAt &&
    Date.parse(limit.effectiveAt) > now.getTime()
  )
    return { kind: 'raise', amount: limit.pendingAmount, at: limit.effectiveAt };
  return undefined;
}

/** How the server answered a change (spec: a decrease applies at once, a raise waits). */
export type LimitChangeOutcome =
  | { kind: 'applied'; amount: number }
  | { kind: 'pending'; amount: number; at: string }
  | { kind: 'removal'; at: string }
  | { kind: 'unchanged' };

export function limitChangeOutcome(
  before: Pick<PlayerLimit, 'amount'>,
  after: PlayerLimit,
  now: Date,
): LimitChangeOutcome {
  const pending = pendingChange(after, now);
  if (pending?.kind === 'removal') return { kind: 'removal', at: pending.at };
  if (pending?.kind === 'raise') return { kind: 'pending', amount: pending.amount, at: pending.at };
  if (after.amount !== before.amount) return { kind: 'applied', amount: after.amount };
  return { kind: 'unchanged' };
}

const TYPE_ORDER: Readonly<Record<LimitType, number>> = {
  purchase: 0,
  loss: 1,
  wager: 2,
  'session-time': 3,
};
const PERIOD_ORDER: Readonly<Record<LimitPeriod, number>> = { day: 0, week: 1, month: 2 };

/** Purchase, loss, wager, session time, then day, week, month within each type (the server's order). */
export function sortLimits(limits: readonly PlayerLimit[]): PlayerLimit[] {
  return [...limits].sort(
    (a, b) =>
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period],
  );
}

/** Periods of `type` without a limit yet (the server keeps one limit per type and period). */
export function freePeriods(
  limits: readonly Pick<PlayerLimit, 'type' | 'period'>[],
  type: LimitType,
  all: readonly LimitPeriod[],
): LimitPeriod[] {
  return all.filter(
    (period) => !limits.some((limit) => limit.type === type && limit.period === period),
  );
}

/** Types that still have a free period, in `all`'s order: what the create form offers. */
export function freeTypes(
  limits: readonly Pick<PlayerLimit, 'type' | 'period'>[],
  all: readonly LimitType[],
  periods: readonly LimitPeriod[],
): LimitType[] {
  return all.filter((type) => freePeriods(limits, type, periods).length > 0);
}
