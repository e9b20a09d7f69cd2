import { AppError } from '../../platform/errors.ts';
import { isBlocked } from '../../platform/auth.fns.ts';
import { assertNotExcluded } from '../../platform/auth.ts';
import type { PlayerRow } from './player.repo.ts';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Refuses a removed, excluded (on a break or self-excluded) or blocked player, whichever way they
 * log in (password, social, token).
 */
export function assertMayLogIn(
  player: Pick<PlayerRow, 'status' | 'removedAt'> & Partial<Pick<PlayerRow, 'excludedUntil'>>,
  nowMs: number = Date.now(),
): void {
  if (player.removedAt) throw new AppError('ACCOUNT_REMOVED', 'This account has been removed');
  assertNotExcluded(player.excludedUntil, nowMs);
  if (isBlocked(player.status)) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
}
