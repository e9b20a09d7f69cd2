/**
 * Sweeps Coins expiry (decision 035), the pure rules. A player's inactivity period starts at the
 * latest of their last login, their registration and the last expiry of their coins; the coins
 * expire `expiryDays` after it, and a reminder goes `d` days before for each configured `d`.
 */

const DAY_MS = 86_400_000;

export interface ExpiryTerms {
  expiryDays: number;
  /** Days before the expiry a reminder is mailed, e.g. [7, 1]. */
  reminderDays: readonly number[];
}

/** The latest of the instants given (the period's start); nulls are ignored. */
export function periodStartOf(instants: readonly (Date | null)[]): Date {
  const times = instants.filter((d): d is Date => d !== null).map((d) => d.getTime());
  if (times.length === 0) throw new Error('an inactivity period needs at least one instant');
  return new Date(Math.max(...times));
}

export const expiresAtOf = (periodStart: Date, terms: ExpiryTerms): Date =>
  new Date(periodStart.getTime() + terms.expiryDays * DAY_MS);

/** How long after a period's start the job must first look at it (the earliest reminder). */
export function firstLookAfterMs(terms: ExpiryTerms): number {
  const earliest = Math.max(0, ...terms.reminderDays.filter((d) => d < terms.expiryDays));
  return (terms.expiryDays - earliest) * DAY_MS;
}

export type ExpiryStep = { kind: 'expire' } | { kind: 'remind'; daysBefore: number } | null;

/**
 * What is due now for a period, given the notices done in it (`0` is the expiry). Past the
 * expiry: expire. Otherwise the most urgent reminder whose window opened — once: a reminder
 * missed while a later one is due is not sent late (the later one says more).
 */
export function nextExpiryStep(
  periodStart: Date,
  now: Date,
  terms: ExpiryTerms,
  done: ReadonlySet<number>,
): ExpiryStep {
  const due = expiresAtOf(periodStart, terms).getTime();
  if (now.getTime() >= due) return done.has(0) ? null : { kind: 'expire' };
  const open = terms.reminderDays.filter((d) => d > 0 && now.getTime() >= due - d * DAY_MS);
  if (open.length === 0) return null;
  const daysBefore = Math.min(...open);
  return done.has(daysBefore) ? null : { kind: 'remind', daysBefore };
}
