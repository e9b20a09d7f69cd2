import type { RoundReplay } from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { FairnessRepo } from './fairness.repo.ts';
import type { RoundsRepo } from './rounds.repo.ts';
import { toRound } from './rgs.fns.ts';

/**
 * GET /api/game/spins/{id}/replay: a round with what recomputing it takes. The server seed is
 * given only once its pair has been rotated out (revealed): never while it is active.
 */
export function createReplayService(deps: {
  rounds: Pick<RoundsRepo, 'findWithGame' | 'db'>;
  seeds: Pick<FairnessRepo, 'findById'>;
}) {
  /** The round as its owner (a player) or anyone (staff: null) may see it. */
  const replayOf = (roundId: string, owner: string | null): Promise<RoundReplay> =>
    deps.rounds.db.transaction(async (tx) => {
      const found = await deps.rounds.findWithGame(tx, roundId);
      if (!found || (owner !== null && found.round.playerId !== owner)) {
        throw AppError.notFound('Round');
      }
      const seed = await deps.seeds.findById(tx, found.round.seedId);
      if (!seed) throw new Error(`seed pair ${found.round.seedId} vanished`);
      return {
        round: toRound(found.round, found.gameIdentity, seed),
        engine: found.engine,
        serverSeed: !seed.active && seed.revealedAt ? seed.serverSeed : null,
        actions: found.round.actions as unknown[],
      };
    });

  return {
    replay: (actor: Actor, roundId: string): Promise<RoundReplay> =>
      replayOf(roundId, actor.playerId),
    /**
     * The back office's read (decision 037): any player's round, under the same rule — the
     * server seed only once revealed, so staff cannot foresee a player's outcomes either.
     */
    replayForStaff: (roundId: string): Promise<RoundReplay> => replayOf(roundId, null),
  };
}
export type ReplayService = ReturnType<typeof createReplayService>;
