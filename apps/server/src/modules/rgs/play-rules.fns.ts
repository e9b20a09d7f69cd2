import { BetStatus, PlayerStatus, type GameCurrency } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import type { GameSessionRow, RgsPlayer } from './game-session.repo.ts';
import { betLevelsOf } from './rgs.fns.ts';

/** Blocked or removed players neither launch nor play. */
export function assertMayPlay(player: RgsPlayer | undefined): RgsPlayer {
  if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
  if (player.removedAt) throw new AppError('ACCOUNT_REMOVED', 'This account has been removed');
  if (player.status === PlayerStatus.Blocked) {
    throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
  }
  return player;
}

/** Refuses what only a live game session may do (opening the game, a new round). */
export function assertLive(session: Pick<GameSessionRow, 'expiresAt'>, at: Date): void {
  if (session.expiresAt.getTime() <= at.getTime()) {
    throw new AppError('GAME_SESSION_EXPIRED', 'The game session has expired: open the game again');
  }
}

/** A round stakes one of its currency's bet levels. */
export function assertBetLevel(currency: GameCurrency, bet: number): void {
  const levels = betLevelsOf(currency);
  if (levels.includes(bet)) return;
  throw new AppError('BET_NOT_ALLOWED', `The bet must be one of the ${currency} bet levels`, {
    fields: [{ field: 'body.bet', message: `One of ${levels.join(', ')}` }],
  });
}

/** One open round per player and game: the open one is finished first. */
export function assertNoOpenRound(openRoundId: string | null): void {
  if (!openRoundId) return;
  throw new AppError('ROUND_OPEN', 'A round of this game is open: finish it first', {
    roundId: openRoundId,
  });
}

/**
 * The balance read under the player's row lock covers `stake` (decision 010's wording for a
 * refusal); null means the session's account is gone, which is a bug, not a refusal.
 */
export function assertCovers(
  balance: number | null,
  stake: number,
  account: { accountId: string; currency: string },
): void {
  if (balance === null) throw new Error(`ledger account ${account.accountId} vanished`);
  if (balance >= stake) return;
  throw new AppError(
    'INSUFFICIENT_FUNDS',
    `Insufficient funds: the ${account.currency} account cannot pay ${stake} minor units`,
    { accountId: account.accountId, currency: account.currency },
  );
}

/** Actions and rollbacks touch open rounds only. */
export function assertRoundOpen(round: { id: string; status: number }): void {
  if (round.status === BetStatus.Open) return;
  throw new AppError('ROUND_CLOSED', 'This round has settled already', { roundId: round.id });
}
