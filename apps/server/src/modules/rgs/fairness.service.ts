import type { Fairness, FairnessState } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { FairnessRepo, SeedRow } from './fairness.repo.ts';
import type { GameSessionRepo } from './game-session.repo.ts';
import type { RoundsRepo } from './rounds.repo.ts';
import { randomClientSeed, randomHex32, sha256Hex } from './rgs.fns.ts';

/** The commitment of a pair: never its server seed while it is active. */
export const fairnessStateOf = (
  seed: Pick<SeedRow, 'serverSeedHash' | 'clientSeed' | 'nextNonce'>,
): FairnessState => ({
  serverSeedHash: seed.serverSeedHash,
  clientSeed: seed.clientSeed,
  nonce: seed.nextNonce,
});

/**
 * Seed pairs (design §1): one active per player, created on first use; a rotation or a new
 * client seed retires it (revealing its server seed) and starts a new pair at nonce 0, so every
 * round keeps the client seed it was played with.
 */
export function createFairnessService(deps: {
  repo: FairnessRepo;
  players: Pick<GameSessionRepo, 'lockPlayer'>;
  rounds: Pick<RoundsRepo, 'hasOpenRound'>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  const newPair = (
    tx: Database,
    playerId: string,
    clientSeed: string,
    serverSeed: string = randomHex32(),
  ) => {
    return repo.insert(tx, {
      playerId,
      serverSeed,
      serverSeedHash: sha256Hex(serverSeed),
      clientSeed,
    });
  };

  /** The active pair, locked (created on first use). Call holding the player's row lock. */
  async function lockActiveIn(tx: Database, playerId: string): Promise<SeedRow> {
    return (await repo.lockActive(tx, playerId)) ?? newPair(tx, playerId, randomClientSeed());
  }

  async function fairnessIn(tx: Database, active: SeedRow): Promise<Fairness> {
    const previous = await repo.findPrevious(tx, active.playerId);
    return {
      ...fairnessStateOf(active),
      previous: previous
        ? {
            serverSeed: previous.serverSeed,
            serverSeedHash: previous.serverSeedHash,
            clientSeed: previous.clientSeed,
            nonces: previous.nextNonce,
          }
        : null,
    };
  }

  // The player is the token's (unknown: the token is stale) or the operator's (unknown: 404).
  function locked<T>(
    playerId: string,
    work: (tx: Database) => Promise<T>,
    missing = () => new AppError('UNAUTHENTICATED', 'The session token is not valid'),
  ): Promise<T> {
    return repo.db.transaction(async (tx) => {
      if (!(await deps.players.lockPlayer(tx, playerId))) throw missing();
      return work(tx);
    });
  }

  /** Retires the active pair and opens the next one; refused while a round is open. */
  const replace = (
    playerId: string,
    clientSeed: (current: SeedRow) => string,
    chosen?: { serverSeed: string; missing: () => AppError },
  ) =>
    locked(
      playerId,
      async (tx) => {
        if (await deps.rounds.hasOpenRound(tx, playerId)) {
          throw new AppError(
            'ROUND_OPEN',
            'Finish the open round first: seeds cannot change while a round is open',
          );
        }
        const current = await lockActiveIn(tx, playerId);
        await repo.retire(tx, current.id, now());
        return fairnessIn(tx, await newPair(tx, playerId, clientSeed(current), chosen?.serverSeed));
      },
      chosen?.missing,
    );

  return {
    lockActiveIn,

    get: (playerId: string): Promise<Fairness> =>
      locked(playerId, async (tx) => fairnessIn(tx, await lockActiveIn(tx, playerId))),

    /** PUT /fairness/client-seed: a new pair with the player's client seed. */
    setClientSeed: (playerId: string, clientSeed: string): Promise<Fairness> =>
      replace(playerId, () => clientSeed),

    /** POST /fairness/rotate: a new server seed; the client seed carries over. */
    rotate: (playerId: string): Promise<Fairness> =>
      replace(playerId, (current) => current.clientSeed),

    /**
     * Sandbox only (rgs-dev.routes, decision 032): a new pair with both seeds chosen by the
     * operator, so a browser test can play an outcome it picked. It is a rotation like any other
     * (the old pair is revealed, the new one committed before its first round), and the route
     * does not exist without SANDBOX: no player can reach it.
     */
    chooseSeeds: (playerId: string, seeds: { serverSeed: string; clientSeed: string }) =>
      replace(playerId, () => seeds.clientSeed, {
        serverSeed: seeds.serverSeed,
        missing: () => AppError.notFound('Player'),
      }),
  };
}
export type FairnessService = ReturnType<typeof createFairnessService>;
