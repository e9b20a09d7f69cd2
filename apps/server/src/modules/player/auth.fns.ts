import { AppError } from '../../platform/errors.ts';
import { isBlocked } from '../../platform/auth.fns.ts';
import type { PlayerRow } from './player.repo.ts';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Refuses a removed or blocked player, whichever way they log in (password, social, token). */
export function assertMayLogIn(player: Pick<PlayerRow, 'status' | 'removedAt'>): void {
  if (player.removedAt) throw new AppError('ACCOUNT_REMOVED', 'This account has been removed');
  if (isBlocked(player.status)) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
}
