import type {
  PlayerBonus,
  PlayerBonusList,
  PlayerBonusListQuery,
  PlayerFreeSpin,
  PlayerFreeSpinList,
  PlayerFreeSpinListQuery,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { toPlayerBonus, toPlayerFreeSpin } from './bonus-events.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import type { BonusRepo, PlayerBonusRecord } from './bonus.repo.ts';

const meta = (page: number, perPage: number, totalRows: number) => ({
  page,
  perPage,
  totalRows,
  totalPages: Math.ceil(totalRows / perPage),
});

/** The player's bonuses and free spins (spec §7 Bonus): lists, activate, cancel. */
export function createBonusService(deps: {
  repo: BonusRepo;
  lifecycle: BonusLifecycle;
  players: PlayerRowLock;
  /**
   * The jurisdiction door of purchase bonuses (decision 046): 403 PURCHASE_BONUS_NOT_ALLOWED
   * where the player's place refuses them. Asked by every claim the player makes.
   */
  assertBonusClaim?: (tx: Database, playerId: string) => Promise<void>;
}) {
  const { repo, lifecycle } = deps;

  /** A change of the player's bonuses: in a transaction holding the player's row lock. */
  function asPlayer<T>(actor: Actor, work: (tx: Database) => Promise<T>): Promise<T> {
    return repo.db.transaction(async (tx) => {
      if (!(await deps.players.lockRow(tx, actor.playerId))) {
        throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      }
      return work(tx);
    });
  }

  /** A claim of a bonus (a code, an activation, the daily bonus): `asPlayer`, then the door. */
  function asClaimant<T>(actor: Actor, work: (tx: Database) => Promise<T>): Promise<T> {
    return asPlayer(actor, async (tx) => {
      await deps.assertBonusClaim?.(tx, actor.playerId);
      return work(tx);
    });
  }

  async function view(tx: Database, row: PlayerBonusRecord): Promise<PlayerBonus> {
    const balances = await repo.bonusBalances(tx, row.playerId);
    return toPlayerBonus(row, balances.get(row.currency) ?? 0);
  }

  return {
    asPlayer,
    asClaimant,

    listBonuses: (actor: Actor, query: PlayerBonusListQuery): Promise<PlayerBonusList> =>
      repo.db.transaction(async (tx) => {
        const { page, perPage } = query;
        const { rows, totalRows } = await repo.listBonuses(tx, actor.playerId, query.status ?? [], {
          page,
          perPage,
        });
        const balances = await repo.bonusBalances(tx, actor.playerId);
        return {
          data: rows.map((row) => toPlayerBonus(row, balances.get(row.currency) ?? 0)),
          meta: meta(page, perPage, totalRows),
        };
      }),

    activateBonus: (actor: Actor, id: number): Promise<PlayerBonus> =>
      asClaimant(actor, async (tx) => view(tx, await lifecycle.activate(tx, actor.playerId, id))),

    cancelBonus: (actor: Actor, id: number): Promise<PlayerBonus> =>
      asPlayer(actor, async (tx) => view(tx, await lifecycle.cancel(tx, actor.playerId, id))),

    listFreeSpins: async (
      actor: Actor,
      query: PlayerFreeSpinListQuery,
    ): Promise<PlayerFreeSpinList> => {
      const { page, perPage } = query;
      const { rows, totalRows } = await repo.listFreeSpins(
        repo.db,
        actor.playerId,
        query.status ?? [],
        { page, perPage },
      );
      return { data: rows.map(toPlayerFreeSpin), meta: meta(page, perPage, totalRows) };
    },

    activateFreeSpins: (actor: Actor, id: number): Promise<PlayerFreeSpin> =>
      asClaimant(actor, async (tx) =>
        toPlayerFreeSpin(await lifecycle.activateFreeSpins(tx, actor.playerId, id)),
      ),

    cancelFreeSpins: (actor: Actor, id: number): Promise<PlayerFreeSpin> =>
      asPlayer(actor, async (tx) =>
        toPlayerFreeSpin(await lifecycle.cancelFreeSpins(tx, actor.playerId, id)),
      ),
  };
}
export type BonusService = ReturnType<typeof createBonusService>;
