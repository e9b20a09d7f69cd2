import { BetStatus, type Round } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { isActive } from '../../bonus/bonus-play.fns.ts';
import { assertRoundOpen } from '../play-rules.fns.ts';
import { toRound } from '../rgs.fns.ts';
import { accountOf, type RoundsDeps } from './round-context.ts';

/**
 * Rolls an open round back (the game server's rollback of the provider contract): every stake it
 * booked goes back to the account it came from in one posting, and the round ends Refunded with
 * `payout` = the refund. No session is needed, so an expired one does not stop it, nor does the
 * player's standing (a blocked player is still owed the stake). No game.round.settled event:
 * nothing was won or lost, so no board, quest or alert counts it. The Sweeps Coins playthrough
 * the stakes counted stays counted (decision 016). A bonus's wagering counts settled rounds only,
 * so an open round rolled back never counted: there is nothing to take back.
 */
export function createRollbackRound(
  deps: Pick<RoundsDeps, 'repo' | 'sessions' | 'seeds' | 'postings' | 'now' | 'bonus'>,
) {
  const { repo, sessions } = deps;

  /** `onRolledBack` runs in the rollback's transaction (the back office's audit row). */
  return function rollbackRound(
    roundId: string,
    reason: string,
    onRolledBack?: (tx: Database, round: Round) => Promise<void>,
  ): Promise<Round> {
    return repo.db.transaction(async (tx) => {
      const found = await repo.findWithGame(tx, roundId);
      if (!found) throw AppError.notFound('Round');
      // The player's row first, as every step takes it, so a racing action queues behind.
      await sessions.lockPlayer(tx, found.round.playerId);
      const locked = await repo.lockWithGame(tx, roundId);
      if (!locked) throw AppError.notFound('Round');
      const round = locked.round;
      assertRoundOpen(round);
      // The stake goes back where it came from: the bonus part to the bonus while it is active
      // (one that ended meanwhile forfeited it, as its balance); a free spin's stake was the
      // house's, so the spin is given back instead.
      const held = round.bonusId === null ? null : await deps.bonus.findById(tx, round.bonusId);
      const bonus = isActive(held?.row) ? held : null;
      const target = {
        id: round.id,
        playerId: round.playerId,
        accountId: await accountOf(deps, tx, round),
        currency: round.currency,
        bonusAccountId: bonus?.accountId ?? null,
      };
      const refund =
        round.freeSpinId !== null
          ? { cash: 0, bonus: 0 }
          : { cash: round.bet - round.bonusBet, bonus: bonus ? round.bonusBet : 0 };
      const postings =
        refund.cash + refund.bonus > 0
          ? [await deps.postings.post(tx, target, 'refund', refund, undefined, { reason })]
          : [];
      await deps.postings.record(tx, round.id, postings);
      if (round.freeSpinId !== null) await deps.bonus.freeSpinReturned(tx, round.freeSpinId);
      const row = await repo.update(tx, round.id, {
        status: BetStatus.Refunded,
        payout: refund.cash + refund.bonus,
        settledAt: deps.now(),
      });
      const seed = await deps.seeds.findById(tx, round.seedId);
      if (!seed) throw new Error(`seed pair ${round.seedId} vanished`);
      const rolledBack = toRound(row, locked.gameIdentity, seed);
      await onRolledBack?.(tx, rolledBack);
      return rolledBack;
    });
  };
}
