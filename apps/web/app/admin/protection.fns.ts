import type {
  AdminProtection,
  AdminProtectionItem,
} from '@coinfall/shared/contracts/admin-protection';
import { formatInstant } from './format.fns';

/**
 * How the back office words a player's breaks and self-exclusions (decision 030). The server
 * decides what may be lifted; these only say it, and hide the lift action where it would be
 * refused.
 */

const EXCLUSION_WORDS: Record<string, string> = {
  '6m': '6 months',
  '1y': '1 year',
  '3y': '3 years',
  '5y': '5 years',
  indefinite: 'indefinite',
};

/** "Break · 7 days", "Self-exclusion · indefinite": the length the player chose. */
export function protectionLength(item: Pick<AdminProtectionItem, 'kind' | 'duration'>): string {
  if (item.kind === 'break') {
    const days = Number.parseInt(item.duration, 10);
    return `Break · ${days} ${days === 1 ? 'day' : 'days'}`;
  }
  return `Self-exclusion · ${EXCLUSION_WORDS[item.duration] ?? item.duration}`;
}

/** When it ends, in words: a date, "when lifted", or the lift's date once asked. */
export function protectionEnd(item: AdminProtectionItem): string {
  if (item.liftsAt)
    return `${formatInstant(item.liftsAt)} (lift recorded ${formatInstant(item.liftRequestedAt ?? item.liftsAt)})`;
  if (item.endsAt) return formatInstant(item.endsAt);
  return 'Indefinite — until a lift is recorded';
}

/** The standing exclusion in one sentence, for support answering the player. */
export function standingText(
  protection: Pick<AdminProtection, 'inForce' | 'excludedUntil'>,
): string {
  const { inForce, excludedUntil } = protection;
  if (!inForce) return 'No break or self-exclusion is in force: the player may sign in and play.';
  const what = inForce.kind === 'break' ? 'on a break' : 'self-excluded';
  if (excludedUntil) {
    return `The player is ${what} until ${formatInstant(excludedUntil)}: every door (sign-in, purchases, play, redemptions) is shut until then, and nobody can shorten it.`;
  }
  return 'The player is self-excluded indefinitely: every door is shut until a lift is recorded at the player’s written request and its 7 days have passed.';
}

/**
 * Whether to offer "Record the player's request to lift": an indefinite exclusion not asked to
 * lift yet, 6 months old, and a role holding the permission. The server checks the same rule.
 */
export function mayRecordLift(
  item: AdminProtectionItem,
  nowMs: number,
  permitted: boolean,
): boolean {
  return permitted && item.earliestLiftAt !== null && Date.parse(item.earliestLiftAt) <= nowMs;
}
