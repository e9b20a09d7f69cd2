import {
  AMOE_CODE_ALPHABET,
  AMOE_CODE_LENGTH,
  type AmoeCodeStatus,
  type AmoeTerms,
} from '@coinfall/shared';

/**
 * Free entry by mail (AMOE, decision 035): the pure rules — the code's shape, its standing, the
 * dates on an envelope and the per-person caps.
 */

const DAY_MS = 86_400_000;

/** A code from random bytes (one byte per character; the alphabet has 32, so no bias). */
export function amoeCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < AMOE_CODE_LENGTH) throw new Error('not enough random bytes for a code');
  let chars = '';
  for (let i = 0; i < AMOE_CODE_LENGTH; i += 1) chars += AMOE_CODE_ALPHABET[bytes[i]! % 32];
  return `AMOE-${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function amoeCodeStatus(
  code: { usedAt: Date | null; expiresAt: Date },
  now: Date,
): AmoeCodeStatus {
  if (code.usedAt) return 'used';
  return code.expiresAt.getTime() <= now.getTime() ? 'expired' : 'unused';
}

export function amoeCodeExpiry(createdAt: Date, validDays: number): Date {
  return new Date(createdAt.getTime() + validDays * DAY_MS);
}

/** 'YYYY-MM-DD' of an instant, in UTC (postmarks are dates; the platform counts days in UTC). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The UTC calendar month of a day 'YYYY-MM-DD': its first and last day. */
export function monthOf(day: string): { first: string; last: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

export type EnvelopeProblem =
  | { field: 'receivedOn'; message: string }
  | { field: 'postmarkedOn'; message: string }
  | { expired: true };

/**
 * What is wrong with an envelope's dates for a code: a postmark after receipt, a receipt in the
 * future, a postmark before the code existed (it cannot be that request), or a postmark after the
 * code expired (the player mailed it too late). Null when they hold.
 */
export function envelopeProblem(
  envelope: { postmarkedOn: string; receivedOn: string },
  code: { createdAt: Date; expiresAt: Date },
  now: Date,
): EnvelopeProblem | null {
  if (envelope.receivedOn > utcDay(now)) {
    return { field: 'receivedOn', message: 'The envelope cannot be received in the future' };
  }
  if (envelope.postmarkedOn > envelope.receivedOn) {
    return { field: 'postmarkedOn', message: 'The postmark is after the day it was received' };
  }
  if (envelope.postmarkedOn < utcDay(code.createdAt)) {
    return { field: 'postmarkedOn', message: 'The postmark is before the code was generated' };
  }
  if (envelope.postmarkedOn > utcDay(code.expiresAt)) return { expired: true };
  return null;
}

/** Which cap a further request would pass, given those recorded on its day and in its month. */
export function capReached(
  recorded: { sameDay: number; sameMonth: number },
  terms: Pick<AmoeTerms, 'maxPerDay' | 'maxPerMonth'>,
): 'day' | 'month' | null {
  if (recorded.sameDay >= terms.maxPerDay) return 'day';
  if (recorded.sameMonth >= terms.maxPerMonth) return 'month';
  return null;
}
