import type { RoundAnswer } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import type { GameSessionRow } from './game-session.repo.ts';
import { createActOnRound } from './use-cases/act-on-round.ts';
import { createRollbackRound } from './use-cases/rollback-round.ts';
import { accountOf, answerOf, type RoundsDeps } from './use-cases/round-context.ts';
import { createStartRound } from './use-cases/start-round.ts';

/**
 * Rounds (design §1–2): every step — the start, each action — is one database transaction that
 * holds the player's row (limits), takes a nonce from the locked seed pair, books the stake and
 * any win through the ledger and writes the round, so a crash leaves either all of it or none.
 * Each step is a use case of its own (use-cases/); this is what the routes call.
 */
export function createRoundsService(deps: Omit<RoundsDeps, 'now'> & { now?: () => Date }) {
  const full: RoundsDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  const { repo } = full;

  return {
    start: createStartRound(full),
    act: createActOnRound(full),
    rollback: createRollbackRound(full),

    /**
     * Rolls back every open round of the player (a break or self-exclusion, decision 030): each
     * game's open round is refunded by the rollback rule, one transaction per round. A round
     * settled meanwhile by the player's last action is left as it settled (ROUND_CLOSED).
     */
    async rollbackOpenRoundsOf(playerId: string, reason: string): Promise<number> {
      const ids = await repo.db.transaction((tx) => repo.listOpenRoundIds(tx, playerId));
      const rollback = createRollbackRound(full);
      let refunded = 0;
      for (const id of ids) {
        try {
          await rollback(id, reason);
          refunded += 1;
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'ROUND_CLOSED')) throw err;
        }
      }
      return refunded;
    },

    /** GET /api/rgs/rounds/{id}: the session player's own round. */
    get(session: GameSessionRow, roundId: string): Promise<RoundAnswer> {
      return repo.db.transaction(async (tx) => {
        const found = await repo.findWithGame(tx, roundId);
        if (!found || found.round.playerId !== session.playerId) throw AppError.notFound('Round');
        const seed = await full.seeds.findById(tx, found.round.seedId);
        if (!seed) throw new Error(`seed pair ${found.round.seedId} vanished`);
        const accountId = await accountOf(full, tx, found.round);
        return answerOf(full, tx, {
          row: found.round,
          gameIdentity: found.gameIdentity,
          accountId,
          seed,
        });
      });
    },
  };
}
export type RoundsService = ReturnType<typeof createRoundsService>;
