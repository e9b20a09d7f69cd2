import {
  PurchaseStatus,
  type BundlePurchaseUpdatedEvent,
  type GameRoundSettledEvent,
  type LoyaltyLevelList,
  type LoyaltySublevelRef,
  type RetentionAccount,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import { lockInIdOrder } from '../wallet/wallet.fns.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import { accountOf, buildLadder, levelAt, type Ladder } from './loyalty-ladder.ts';
import {
  edgeBasisPoints,
  purchaseMillipoints,
  rakebackMicro,
  rungsReached,
  wagerMillipoints,
  wholePoints,
} from './loyalty.fns.ts';
import type { LoyaltyRepo } from './loyalty.repo.ts';

/** Issues a bonus definition to a player whose row lock the caller holds (the bonus engine's). */
export type GrantBySlug = (
  tx: Database,
  input: {
    playerId: string;
    slug: string;
    source: string;
    loyalty?: LoyaltySublevelRef;
    amountOverride?: Partial<Record<string, number>>;
  },
) => Promise<boolean>;

/** The ladder changes only when an operator edits it: read at most this often. */
const LADDER_TTL_MS = 30_000;

/**
 * Loyalty points, levels and sublevels (issue 15, decision 029). Points come from settled
 * rounds and completed purchases (outbox events, applied once by the exactly-once consumer) and
 * from quests (`awardPoints`, once per source key). Every change runs under the player's row
 * lock (the one lock order: player, then the retention account), issues the reward of each
 * sublevel it reached once, and pushes the account when what it shows changed.
 */
export function createLoyaltyService(deps: {
  repo: LoyaltyRepo;
  players: PlayerRowLock;
  outbox: Pick<OutboxRepo, 'record' | 'recordMany'>;
  grant: GrantBySlug;
  now: () => Date;
}) {
  const { repo } = deps;
  let cached: { ladder: Ladder; readAt: number } | null = null;

  async function ladderOf(tx: Database): Promise<Ladder> {
    const at = Date.now();
    if (cached && at - cached.readAt < LADDER_TTL_MS) return cached.ladder;
    const [levels, sublevels] = [await repo.listLevels(tx), await repo.listSublevels(tx)];
    const slugs = sublevels.flatMap((s) => (s.rewardSlug ? [s.rewardSlug] : []));
    const definitions = await repo.rewardDefinitions(tx, slugs);
    const spinGames = definitions.flatMap((d) => (d.freeSpins ? [d.freeSpins.gameIdentity] : []));
    const ladder = buildLadder(levels, sublevels, definitions, await repo.gameNames(tx, spinGames));
    cached = { ladder, readAt: at };
    return ladder;
  }

  /**
   * Adds millipoints to a player's account in the caller's transaction. Returns the account's
   * millipoints after, or null when the player does not exist.
   */
  async function addMillipoints(
    tx: Database,
    playerId: string,
    millipoints: number,
  ): Promise<number | null> {
    if (!(await deps.players.lockRow(tx, playerId))) return null;
    const now = deps.now();
    const row = await repo.addMillipoints(tx, playerId, millipoints, now);
    const ladder = await ladderOf(tx);
    const reached = rungsReached(ladder.rungs, row.sublevelId, wholePoints(row.millipoints));
    const top = reached.at(-1);
    if (top) await repo.setSublevel(tx, playerId, top.sublevelId);
    for (const rung of reached) {
      if (!rung.sublevel.rewardSlug) continue;
      // Once per sublevel: the bonus engine answers the first grant to the same source.
      await deps.grant(tx, {
        playerId,
        slug: rung.sublevel.rewardSlug,
        source: `loyalty:${rung.sublevelId}`,
        loyalty: rung.ref,
      });
    }
    const before = wholePoints(row.millipoints - millipoints);
    if (reached.length > 0 || wholePoints(row.millipoints) !== before) {
      await deps.outbox.record(tx, {
        type: 'retention.account.updated',
        playerId,
        payload: {
          playerId,
          account: accountOf(ladder, row.millipoints, now),
          reached: reached.map((r) => r.ref),
        },
      });
    }
    return row.millipoints;
  }

  return {
    ladderOf,

    /** Drops the cached ladder: the back office calls it after an edit commits (decision 057). */
    forget: (): void => {
      cached = null;
    },

    levels: (): Promise<LoyaltyLevelList> =>
      repo.db.transaction(async (tx) => ({ data: (await ladderOf(tx)).levels })),

    account: (actor: Actor): Promise<RetentionAccount> =>
      repo.db.transaction(async (tx) => {
        const row = await repo.findAccount(tx, actor.playerId);
        return accountOf(await ladderOf(tx), row?.millipoints ?? 0, row?.updatedAt ?? deps.now());
      }),

    /**
     * Quest rewards and any other one-off source: `points` once per `sourceKey` (a repeat is
     * ignored), in the caller's transaction. For the quest engine (wired by the root).
     */
    awardPoints: async (
      tx: Database,
      playerId: string,
      points: number,
      sourceKey: string,
    ): Promise<void> => {
      if (!Number.isSafeInteger(points) || points <= 0) return;
      const millipoints = points * 1_000;
      if (!(await deps.players.lockRow(tx, playerId))) return;
      if (!(await repo.recordAward(tx, playerId, sourceKey, millipoints))) return;
      await addMillipoints(tx, playerId, millipoints);
    },

    /** game.round.settled: points and, at a VIP level, rakeback from the player's own stake. */
    async onRoundSettled(tx: Database, event: GameRoundSettledEvent): Promise<void> {
      const round = await repo.roundStake(tx, event.roundId);
      if (!round || round.cashStake === 0) return;
      const millipoints = wagerMillipoints(round.cashStake, event.currency, round.kind);
      const after =
        millipoints > 0
          ? await addMillipoints(tx, event.playerId, millipoints)
          : ((await repo.findAccount(tx, event.playerId))?.millipoints ?? 0);
      if (after === null) return;
      const level = levelAt(await ladderOf(tx), after);
      if (!level || level.rakebackPercent === 0) return;
      const micro = rakebackMicro(
        round.cashStake,
        edgeBasisPoints(round.rtp),
        level.rakebackPercent,
      );
      if (micro > 0) await repo.accrueRakeback(tx, event.playerId, event.currency, micro);
    },

    /**
     * `onRoundSettled` for a read of the outbox (decision 044), with the same effect as one
     * round after the other: the rounds' stakes read in one statement, their players locked in
     * one (id order), each player's points summed (each round's share rounded down on its own,
     * as always) and added in one upsert, the rakeback of each round at the level the player
     * stands on after it, summed per player and currency, in one upsert. The sublevels a player
     * passed are reached lowest first and rewarded once, as `addMillipoints` does; the account
     * is announced once per read — its state after the read, with every sublevel reached in it —
     * when what it shows changed.
     */
    async onRoundsSettled(tx: Database, events: GameRoundSettledEvent[]): Promise<void> {
      const stakes = await repo.roundStakes(
        tx,
        events.map((e) => e.roundId),
      );
      const counted = events.flatMap((event) => {
        const round = stakes.get(event.roundId);
        return round && round.cashStake > 0 ? [{ event, round }] : [];
      });
      if (counted.length === 0) return;
      const existing = await lockInIdOrder(
        deps.players,
        tx,
        counted.map((c) => c.event.playerId),
      );
      const ladder = await ladderOf(tx);
      const accounts = await repo.findAccounts(tx, [...existing]);
      const gained = new Map<string, number>();
      const rakeback = new Map<string, { playerId: string; currency: string; micro: number }>();
      for (const { event, round } of counted) {
        const { playerId, currency } = event;
        if (!existing.has(playerId)) continue;
        const millipoints = wagerMillipoints(round.cashStake, currency, round.kind);
        const sum = (gained.get(playerId) ?? 0) + millipoints;
        gained.set(playerId, sum);
        const level = levelAt(ladder, (accounts.get(playerId)?.millipoints ?? 0) + sum);
        if (!level || level.rakebackPercent === 0) continue;
        const micro = rakebackMicro(
          round.cashStake,
          edgeBasisPoints(round.rtp),
          level.rakebackPercent,
        );
        if (micro <= 0) continue;
        const key = `${playerId} ${currency}`;
        const row = rakeback.get(key);
        if (row) row.micro += micro;
        else rakeback.set(key, { playerId, currency, micro });
      }
      const now = deps.now();
      const gains = [...gained].flatMap(([playerId, millipoints]) =>
        millipoints > 0 ? [{ playerId, millipoints }] : [],
      );
      const rows = await repo.addMillipointsMany(tx, gains, now);
      const announced: Parameters<typeof deps.outbox.recordMany<'retention.account.updated'>>[1] =
        [];
      for (const row of rows) {
        const before = wholePoints(row.millipoints - (gained.get(row.playerId) ?? 0));
        const reached = rungsReached(ladder.rungs, row.sublevelId, wholePoints(row.millipoints));
        const top = reached.at(-1);
        if (top) await repo.setSublevel(tx, row.playerId, top.sublevelId);
        for (const rung of reached) {
          if (!rung.sublevel.rewardSlug) continue;
          await deps.grant(tx, {
            playerId: row.playerId,
            slug: rung.sublevel.rewardSlug,
            source: `loyalty:${rung.sublevelId}`,
            loyalty: rung.ref,
          });
        }
        if (reached.length > 0 || wholePoints(row.millipoints) !== before) {
          announced.push({
            type: 'retention.account.updated',
            playerId: row.playerId,
            payload: {
              playerId: row.playerId,
              account: accountOf(ladder, row.millipoints, now),
              reached: reached.map((r) => r.ref),
            },
          });
        }
      }
      await deps.outbox.recordMany(tx, announced);
      await repo.accrueRakebackMany(tx, [...rakeback.values()]);
    },

    /** bundle.purchase.updated: a completed purchase's points, once per purchase. */
    async onPurchaseUpdated(tx: Database, event: BundlePurchaseUpdatedEvent): Promise<void> {
      const { purchase } = event;
      if (purchase.status !== PurchaseStatus.Completed) return;
      const millipoints = purchaseMillipoints(purchase.amount, purchase.currency);
      if (millipoints === 0) return;
      if (!(await deps.players.lockRow(tx, event.playerId))) return;
      if (!(await repo.recordAward(tx, event.playerId, `purchase:${purchase.id}`, millipoints))) {
        return;
      }
      await addMillipoints(tx, event.playerId, millipoints);
    },

    /** The daily bonus percent of the player's level (100 below VIP). */
    dailyBonusPercent: async (tx: Database, playerId: string): Promise<number> => {
      const row = await repo.findAccount(tx, playerId);
      if (!row) return 100;
      return levelAt(await ladderOf(tx), row.millipoints)?.dailyBonusPercent ?? 100;
    },
  };
}
export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
