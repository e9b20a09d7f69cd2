import { BetStatus, PlayerStatus, type GameCurrency } from '@coinfall/shared';
import { assertNotExcluded } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { exceedsMaxBet } from '../bonus/bonus.fns.ts';
import { freeSpinRefusal, type FreeSpinRow } from '../bonus/bonus-play.fns.ts';
import type { GameSessionRow, RgsPlayer } from './game-session.repo.ts';
import { betLevelsOf } from './rgs.fns.ts';

/**
 * Blocked or removed players, and players on a break or self-excluded, neither launch nor play.
 * Called under the player's row lock by every call that moves money: a break taken while a
 * round waited for that lock refuses the round, whatever the session guard's cache said.
 */
export function assertMayPlay(player: RgsPlayer | undefined, nowMs = Date.now()): RgsPlayer {
  if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
  if (player.removedAt) throw new AppError('ACCOUNT_REMOVED', 'This account has been removed');
  if (player.status === PlayerStatus.Blocked) {
    throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
  }
  assertNotExcluded(player.excludedUntil, nowMs);
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

/** While a bonus is active, no stake above its maximum bet (issue 14). */
export function assertUnderMaxBet(stake: number, maxBet: number | null, currency: string): void {
  if (!exceedsMaxBet(stake, maxBet)) return;
  throw new AppError(
    'BONUS_MAX_BET',
    `While your ${currency} bonus is active, a bet may be at most ${maxBet} minor units`,
    { maxBet, fields: [{ field: 'body.bet', message: `At most ${maxBet}` }] },
  );
}

/** The free spin a start names, or the refusal: another player's is not found (404). */
export function assertFreeSpin(
  spin: FreeSpinRow | null,
  session: { playerId: string; gameId: number; currency: string },
  game: { kind: string; engine: string },
  now: Date,
): FreeSpinRow {
  const refusal = freeSpinRefusal(spin, session, game, now);
  if (refusal === null && spin) return spin;
  switch (refusal) {
    case 'other-game':
      throw AppError.invalid('body.freeSpinId', 'These free spins are for another game');
    case 'not-a-slot':
      throw AppError.invalid('body.freeSpinId', 'Free spins are played on slots only');
    case 'finished':
      throw new AppError('CONFLICT', 'These free spins are used up, finished or expired', {
        freeSpinId: spin?.id ?? null,
      });
    case 'not-found':
    case null:
      throw AppError.notFound('Free spins');
  }
}
