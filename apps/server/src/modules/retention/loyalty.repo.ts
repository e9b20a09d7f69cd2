import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/prepared.ts';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  bonusDefinitions,
  gameRounds,
  games,
  loyaltyLevels,
  loyaltyPointAwards,
  loyaltySublevels,
  retentionAccounts,
  vipRakeback,
} from '../../db/schema/index.ts';
import { MICRO_PER_MINOR } from './loyalty.fns.ts';

export type LoyaltyLevelRow = typeof loyaltyLevels.$inferSelect;
export type LoyaltySublevelRow = typeof loyaltySublevels.$inferSelect;
export type RetentionAccountRow = typeof retentionAccounts.$inferSelect;

/** A sublevel reward's definition, as the ladder shows it. */
export type RewardDefinition = Pick<
  typeof bonusDefinitions.$inferSelect,
  'slug' | 'rewards' | 'freeSpins' | 'wageringTenths' | 'enabled'
>;

/** Loyalty's tables (and what it reads of rounds and games): only this file's SQL. */
export function createLoyaltyRepo(db: Database) {
  return {
    db,

    // ---- The ladder ----

    listLevels: (tx: Database) =>
      tx.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.position)),

    listSublevels: (tx: Database) =>
      tx
        .select()
        .from(loyaltySublevels)
        .orderBy(asc(loyaltySublevels.levelId), asc(loyaltySublevels.position)),

    /** The definitions the ladder's rewards name, for what the ladder shows of them. */
    async rewardDefinitions(tx: Database, slugs: string[]): Promise<RewardDefinition[]> {
      if (slugs.length === 0) return [];
      return tx
        .select({
          slug: bonusDefinitions.slug,
          rewards: bonusDefinitions.rewards,
          freeSpins: bonusDefinitions.freeSpins,
          wageringTenths: bonusDefinitions.wageringTenths,
          enabled: bonusDefinitions.enabled,
        })
        .from(bonusDefinitions)
        .where(inArray(bonusDefinitions.slug, slugs));
    },

    async gameNames(tx: Database, identities: string[]): Promise<Map<string, string>> {
      if (identities.length === 0) return new Map();
      const rows = await tx
        .select({ identity: games.identity, name: games.name })
        .from(games)
        .where(inArray(games.identity, identities));
      return new Map(rows.map((r) => [r.identity, r.name]));
    },

    // ---- Accounts ----

    async findAccount(tx: Database, playerId: string): Promise<RetentionAccountRow | undefined> {
      const [row] = await tx
        .select()
        .from(retentionAccounts)
        .where(eq(retentionAccounts.playerId, playerId));
      return row;
    },

    /**
     * Adds millipoints (created at the first), the row locked until commit by the upsert;
     * answers the row after it — `sublevelId` is still the one held before.
     */
    async addMillipoints(
      tx: Database,
      playerId: string,
      millipoints: number,
      at: Date,
    ): Promise<RetentionAccountRow> {
      const [row] = await tx
        .insert(retentionAccounts)
        .values({ playerId, millipoints, updatedAt: at })
        .onConflictDoUpdate({
          target: retentionAccounts.playerId,
          set: {
            millipoints: sql`${retentionAccounts.millipoints} + excluded.millipoints`,
            updatedAt: at,
          },
        })
        .returning();
      if (!row) throw new Error(`retention account ${playerId} not written`);
      return row;
    },

    /** `findAccount` of several players, one statement. */
    async findAccounts(
      tx: Database,
      playerIds: string[],
    ): Promise<Map<string, RetentionAccountRow>> {
      if (playerIds.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(retentionAccounts)
        .where(anyOf(retentionAccounts.playerId, playerIds, 'uuid'));
      return new Map(rows.map((r) => [r.playerId, r]));
    },

    /**
     * `addMillipoints` for several players in one statement (a read of the outbox, decision 044),
     * in player id order (the order the rows are locked in); answers each row after it.
     */
    async addMillipointsMany(
      tx: Database,
      gains: { playerId: string; millipoints: number }[],
      at: Date,
    ): Promise<RetentionAccountRow[]> {
      if (gains.length === 0) return [];
      const sorted = [...gains].sort((a, b) => (a.playerId < b.playerId ? -1 : 1));
      return tx
        .insert(retentionAccounts)
        .values(sorted.map((g) => ({ ...g, updatedAt: at })))
        .onConflictDoUpdate({
          target: retentionAccounts.playerId,
          set: {
            millipoints: sql`${retentionAccounts.millipoints} + excluded.millipoints`,
            updatedAt: at,
          },
        })
        .returning();
    },

    async setSublevel(tx: Database, playerId: string, sublevelId: number): Promise<void> {
      await tx
        .update(retentionAccounts)
        .set({ sublevelId })
        .where(eq(retentionAccounts.playerId, playerId));
    },

    /** Records an award of a source once; false when that source gave points already. */
    async recordAward(
      tx: Database,
      playerId: string,
      sourceKey: string,
      millipoints: number,
    ): Promise<boolean> {
      const rows = await tx
        .insert(loyaltyPointAwards)
        .values({ playerId, sourceKey, millipoints })
        .onConflictDoNothing()
        .returning({ playerId: loyaltyPointAwards.playerId });
      return rows.length === 1;
    },

    // ---- Rounds ----

    /**
     * What a settled round staked of the player's own coins and on what kind of game: the
     * stake less its bonus part, none for a free spin (the house paid it). Undefined for a
     * round that is not in the table (the boards' dev tool records events of no round, with ids
     * such as `dev-<uuid>` that the uuid column would refuse: a query error would poison the event).
     */
    async roundStake(
      tx: Database,
      roundId: string,
    ): Promise<{ cashStake: number; kind: string; rtp: string } | undefined> {
      if (!z.uuid().safeParse(roundId).success) return undefined;
      const [row] = await tx
        .select({
          bet: gameRounds.bet,
          bonusBet: gameRounds.bonusBet,
          freeSpinId: gameRounds.freeSpinId,
          kind: games.kind,
          rtp: games.rtp,
        })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(eq(gameRounds.id, roundId));
      if (!row) return undefined;
      const cashStake = row.freeSpinId === null ? Math.max(0, row.bet - row.bonusBet) : 0;
      return { cashStake, kind: row.kind, rtp: row.rtp };
    },

    /** `roundStake` of several rounds, one statement: by round id (absent: no such round). */
    async roundStakes(
      tx: Database,
      roundIds: string[],
    ): Promise<Map<string, { cashStake: number; kind: string; rtp: string }>> {
      const ids = roundIds.filter((id) => z.uuid().safeParse(id).success);
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({
          id: gameRounds.id,
          bet: gameRounds.bet,
          bonusBet: gameRounds.bonusBet,
          freeSpinId: gameRounds.freeSpinId,
          kind: games.kind,
          rtp: games.rtp,
        })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(anyOf(gameRounds.id, ids, 'uuid'));
      return new Map(
        rows.map((row) => [
          row.id,
          {
            cashStake: row.freeSpinId === null ? Math.max(0, row.bet - row.bonusBet) : 0,
            kind: row.kind,
            rtp: row.rtp,
          },
        ]),
      );
    },

    // ---- VIP rakeback ----

    async accrueRakeback(
      tx: Database,
      playerId: string,
      currency: string,
      micro: number,
    ): Promise<void> {
      await tx
        .insert(vipRakeback)
        .values({ playerId, currency, accruedMicro: micro })
        .onConflictDoUpdate({
          target: [vipRakeback.playerId, vipRakeback.currency],
          set: { accruedMicro: sql`${vipRakeback.accruedMicro} + excluded.accrued_micro` },
        });
    },

    /** `accrueRakeback` for several (player, currency) rows, one statement, in key order. */
    async accrueRakebackMany(
      tx: Database,
      rows: { playerId: string; currency: string; micro: number }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      const key = (r: { playerId: string; currency: string }) => `${r.playerId} ${r.currency}`;
      const sorted = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
      await tx
        .insert(vipRakeback)
        .values(
          sorted.map((r) => ({
            playerId: r.playerId,
            currency: r.currency,
            accruedMicro: r.micro,
          })),
        )
        .onConflictDoUpdate({
          target: [vipRakeback.playerId, vipRakeback.currency],
          set: { accruedMicro: sql`${vipRakeback.accruedMicro} + excluded.accrued_micro` },
        });
    },

    listRakeback: (tx: Database, playerId: string) =>
      tx.select().from(vipRakeback).where(eq(vipRakeback.playerId, playerId)),

    /** Accruals worth at least one minor unit not credited on `day`, a batch at a time. */
    dueRakeback: (tx: Database, day: string, limit: number) =>
      tx
        .select({ playerId: vipRakeback.playerId, currency: vipRakeback.currency })
        .from(vipRakeback)
        .where(
          and(
            gte(vipRakeback.accruedMicro, MICRO_PER_MINOR),
            or(isNull(vipRakeback.creditedOn), lt(vipRakeback.creditedOn, day)),
          ),
        )
        .orderBy(asc(vipRakeback.playerId), asc(vipRakeback.currency))
        .limit(limit),

    /** The accrual row locked until commit (a second node's credit waits here, then skips). */
    async lockRakeback(tx: Database, playerId: string, currency: string) {
      const [row] = await tx
        .select()
        .from(vipRakeback)
        .where(and(eq(vipRakeback.playerId, playerId), eq(vipRakeback.currency, currency)))
        .for('update');
      return row;
    },

    async markCredited(
      tx: Database,
      playerId: string,
      currency: string,
      creditedMicro: number,
      day: string,
    ): Promise<void> {
      await tx
        .update(vipRakeback)
        .set({
          accruedMicro: sql`${vipRakeback.accruedMicro} - ${creditedMicro}`,
          creditedOn: day,
        })
        .where(and(eq(vipRakeback.playerId, playerId), eq(vipRakeback.currency, currency)));
    },
  };
}
export type LoyaltyRepo = ReturnType<typeof createLoyaltyRepo>;
