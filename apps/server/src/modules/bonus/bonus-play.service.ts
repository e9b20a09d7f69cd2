import type { PlayerBonusUpdatedEvent } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { BonusEvents } from './bonus-events.ts';
import { toPlayerBonus } from './bonus-events.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import { freeSpinAfter, type ActiveBonus, type FreeSpinRow } from './bonus-play.fns.ts';
import type { BonusPlayRepo } from './bonus-play.repo.ts';
import type { PlayerBonusRecord, PlayerFreeSpinRecord } from './bonus.repo.ts';

const recordOf = (bonus: ActiveBonus, wagered: number): PlayerBonusRecord => ({
  ...bonus.row,
  wagered,
  slug: bonus.slug,
  kind: bonus.kind as PlayerBonusRecord['kind'],
});

/**
 * What the game server (modules/rgs) asks of the bonus engine while a round is played (issue
 * 14), inside the round's transaction, which holds the player's row: the active bonus, its
 * progress and its end, the free spins a round plays. The split and wagering rules are
 * bonus-play.fns.ts; the hottest path (a round's start) reads and writes its bonus in its own
 * statements and calls here only when the bonus ends.
 */
export function createBonusPlay(deps: {
  repo: BonusPlayRepo;
  lifecycle: Pick<BonusLifecycle, 'finish' | 'finishFreeSpins'>;
  events: Pick<BonusEvents, 'bonusChanged' | 'freeSpinsChanged'>;
  now?: () => Date;
}) {
  const { repo, lifecycle, events } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    findActive: (tx: Database, playerId: string, currency: string) =>
      repo.findActive(tx, playerId, currency),
    findById: (tx: Database, id: number) => repo.findById(tx, id),
    liveFreeSpin: (tx: Database, playerId: string, gameId: number, currency: string) =>
      repo.findLiveFreeSpin(tx, playerId, gameId, currency, now()),
    findFreeSpin: (tx: Database, id: number) => repo.findFreeSpin(tx, id),

    /** The bonus.player-bonus.updated event of a bonus's progress (status 2: replace). */
    progressEvent(bonus: ActiveBonus, wagered: number, balance: number): PlayerBonusUpdatedEvent {
      const row = recordOf(bonus, wagered);
      return { playerId: row.playerId, bonus: toPlayerBonus(row, balance) };
    },

    /** Stores a bonus's progress and publishes it (the paths other than a round's start). */
    async progress(tx: Database, bonus: ActiveBonus, wagered: number, balance: number) {
      await repo.setWagered(tx, bonus.row.id, wagered);
      await events.bonusChanged(tx, recordOf(bonus, wagered), balance);
    },

    /**
     * Ends an active bonus after a round: `complete` converts its balance to cash, `deplete`
     * (balance 0, no open round holding a bonus stake) ends it lost. `wagered` is stored.
     */
    async end(tx: Database, bonus: ActiveBonus, wagered: number, end: 'complete' | 'deplete') {
      await repo.setWagered(tx, bonus.row.id, wagered);
      await lifecycle.finish(tx, recordOf(bonus, wagered), end);
    },

    /**
     * A free spin after a round's step that played it: `used + 1` at its start, its win added
     * once it settles; the last one settled pays what they won (bonus or cash).
     */
    async freeSpinPlayed(
      tx: Database,
      spin: FreeSpinRow,
      step: { started: boolean; settled: boolean; payout: number },
    ): Promise<PlayerFreeSpinRecord> {
      const next = freeSpinAfter(spin, step, now());
      const saved = await repo.saveFreeSpin(tx, next.row);
      const record: PlayerFreeSpinRecord = { ...saved.row, game: saved.game };
      if (next.last) return lifecycle.finishFreeSpins(tx, record, 'played');
      await events.freeSpinsChanged(tx, record);
      return record;
    },

    /** A rolled-back free-spin round gives its spin back (it paid and won nothing). */
    async freeSpinReturned(tx: Database, freeSpinId: number): Promise<void> {
      const spin = await repo.findFreeSpin(tx, freeSpinId);
      if (!spin || spin.used === 0) return;
      const saved = await repo.saveFreeSpin(tx, { ...spin, used: spin.used - 1 });
      await events.freeSpinsChanged(tx, { ...saved.row, game: saved.game });
    },
  };
}
export type BonusPlay = ReturnType<typeof createBonusPlay>;
