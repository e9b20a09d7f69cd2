import {
  INDEFINITE_EXCLUSION_MIN_MONTHS,
  type BreakDays,
  type ExclusionPeriod,
} from './contracts/protection.ts';

/**
 * When a break or self-exclusion taken at `start` ends (issue 16): the server stores it, the
 * site shows it in the confirmation before the player commits. One rule for both.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** `date` moved by whole calendar months in UTC, clamped to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addUtcMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = date.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

const EXCLUSION_MONTHS: Record<Exclude<ExclusionPeriod, 'indefinite'>, number> = {
  '6m': 6,
  '1y': 12,
  '3y': 36,
  '5y': 60,
};

/** The end of a break of `days` started at `start`: exactly days × 24 h. */
export const breakEnd = (days: BreakDays, start: Date): Date =>
  new Date(start.getTime() + days * DAY_MS);

/** The end of a self-exclusion started at `start`; null for an indefinite one. */
export const exclusionEnd = (period: ExclusionPeriod, start: Date): Date | null =>
  period === 'indefinite' ? null : addUtcMonths(start, EXCLUSION_MONTHS[period]);

/**
 * The earliest time the lift of an indefinite exclusion started at `start` may be asked for
 * (6 months on): the server's rule, and what the back office shows before offering it.
 */
export const indefiniteLiftFrom = (start: Date): Date =>
  addUtcMonths(start, INDEFINITE_EXCLUSION_MIN_MONTHS);
