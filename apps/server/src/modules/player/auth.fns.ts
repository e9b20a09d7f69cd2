import { AppError } from '../../platform/errors.ts';
import { isBlocked } from '../../platform/auth.fns.ts';
import { assertNotExcluded } from '../../platform/auth.ts';
import { RESET_REQUIRED_PASSWORD_HASH } from './account-removal.fns.ts';
import type { PlayerRow } from './player.repo.ts';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Refuses a removed, excluded (on a break or self-excluded) or blocked player, whichever way they
 * log in (password, social, token), and one whose password staff reset until a new one is chosen.
 */
export function assertMayLogIn(
  player: Pick<PlayerRow, 'status' | 'removedAt'> &
    Partial<Pick<PlayerRow, 'excludedUntil' | 'passwordHash'>>,
  nowMs: number = Date.now(),
): void {
  if (player.removedAt) throw new AppError('ACCOUNT_REMOVED', 'This account has been removed');
  assertNotExcluded(player.excludedUntil, nowMs);
  if (isBlocked(player.status)) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
  if (player.passwordHash === RESET_REQUIRED_PASSWORD_HASH) {
    throw new AppError(
      'PASSWORD_RESET_REQUIRED',
      'Our team reset this account’s password: choose a new one with the link we emailed you',
    );
  }
}
