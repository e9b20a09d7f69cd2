import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BonusStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  bonusDefinitions,
  games,
  ledgerAccounts,
  playerBonuses,
  playerFreeSpins,
} from '../../db/schema/index.ts';

export type BonusDefinitionRow = typeof bonusDefinitions.$inferSelect;
export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
export type NewPlayerBonus = typeof playerBonuses.$inferInsert;
export type PlayerFreeSpinRow = typeof playerFreeSpins.$inferSelect;
export type NewPlayerFreeSpin = typeof playerFreeSpins.$inferInsert;

/** A player bonus with what its view names from the definition. */
export type PlayerBonusRecord = PlayerBonusRow & Pick<BonusDefinitionRow, 'slug' | 'kind'>;
/** Free spins with the slot they play. */
export type PlayerFreeSpinRecord = PlayerFreeSpinRow & { game: { identity: string; name: string } };

export interface Page {
  page: number;
  perPage: number;
}

/** Definitions, player bonuses, free spins and the bonus ledger accounts: only this file's SQL. */
export function createBonusRepo(db: Database) {
  const bonusSelect = (tx: Database) =>
    tx
      .select({ row: playerBonuses, slug: bonusDefinitions.slug, kind: bonusDefinitions.kind })
      .from(playerBonuses)
      .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, playerBonuses.bonusId));
  const toRecord = (r: {
    row: PlayerBonusRow;
    slug: string;
    kind: BonusDefinitionRow['kind'];
  }): PlayerBonusRecord => ({ ...r.row, slug: r.slug, kind: r.kind });

  const spinSelect = (tx: Database) =>
    tx
      .select({ row: playerFreeSpins, identity: games.identity, name: games.name })
      .from(playerFreeSpins)
      .innerJoin(games, eq(games.id, playerFreeSpins.gameId));
  const toSpinRecord = (r: {
    row: PlayerFreeSpinRow;
    identity: string;
    name: string;
  }): PlayerFreeSpinRecord => ({ ...r.row, game: { identity: r.identity, name: r.name } });

  // One statement after the other: a transaction's connection runs one at a time anyway.
  async function paged<T>(
    rows: PromiseLike<T[]>,
    total: () => PromiseLike<{ n: number }[]>,
  ): Promise<{ rows: T[]; totalRows: number }> {
    const list = await rows;
    const [counted] = await total();
    return { rows: list, totalRows: counted?.n ?? 0 };
  }

  return {
    db,

    // ---- Definitions ----

    async findDefinitionBySlug(tx: Database, slug: string) {
      const [row] = await tx.select().from(bonusDefinitions).where(eq(bonusDefinitions.slug, slug));
      return row;
    },

    /** Whether any of the players was ever issued the definition (the welcome-per-device check). */
    async anyIssued(tx: Database, bonusId: number, playerIds: string[]): Promise<boolean> {
      if (playerIds.length === 0) return false;
      const [row] = await tx
        .select({ id: playerBonuses.id })
        .from(playerBonuses)
        .where(and(eq(playerBonuses.bonusId, bonusId), inArray(playerBonuses.playerId, playerIds)))
        .limit(1);
      return row !== undefined;
    },

    async findDefinitionById(tx: Database, id: number) {
      const [row] = await tx.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, id));
      return row;
    },

    /** The enabled definitions of a kind (the purchase matches), oldest first. */
    listEnabledDefinitions(tx: Database, kind: BonusDefinitionRow['kind']) {
      return tx
        .select()
        .from(bonusDefinitions)
        .where(and(eq(bonusDefinitions.kind, kind), eq(bonusDefinitions.enabled, true)))
        .orderBy(asc(bonusDefinitions.id));
    },

    /**
     * Counts one more claim of a capped campaign: false when its cap is reached (the conditional
     * `claims + 1` decides first come, first served under any concurrency).
     */
    async countDefinitionClaim(tx: Database, id: number): Promise<boolean> {
      const rows = await tx
        .update(bonusDefinitions)
        .set({ claims: sql`${bonusDefinitions.claims} + 1` })
        .where(
          and(
            eq(bonusDefinitions.id, id),
            sql`(${bonusDefinitions.claimCap} is null or ${bonusDefinitions.claims} < ${bonusDefinitions.claimCap})`,
          ),
        )
        .returning({ id: bonusDefinitions.id });
      return rows.length > 0;
    },

    // ---- Player bonuses ----

    /** Undefined when this source issued this bonus in this currency already (idempotent). */
    async insertBonus(tx: Database, values: NewPlayerBonus): Promise<PlayerBonusRow | undefined> {
      const [row] = await tx
        .insert(playerBonuses)
        .values(values)
        .onConflictDoNothing({
          target: [
            playerBonuses.playerId,
            playerBonuses.bonusId,
            playerBonuses.currency,
            playerBonuses.source,
          ],
        })
        .returning();
      return row;
    },

    /** The bonus row, locked until commit; undefined when it is not this player's. */
    async lockBonus(
      tx: Database,
      playerId: string,
      id: number,
    ): Promise<PlayerBonusRecord | undefined> {
      const [row] = await bonusSelect(tx)
        .where(and(eq(playerBonuses.id, id), eq(playerBonuses.playerId, playerId)))
        .for('update', { of: playerBonuses });
      return row && toRecord(row);
    },

    /** What one source issued of one definition: its bonuses and free spins. */
    async findGrant(
      tx: Database,
      key: Pick<PlayerBonusRow, 'playerId' | 'bonusId' | 'source'>,
    ): Promise<{ bonuses: PlayerBonusRecord[]; freeSpins: PlayerFreeSpinRecord[] }> {
      const bonuses = await bonusSelect(tx)
        .where(
          and(
            eq(playerBonuses.playerId, key.playerId),
            eq(playerBonuses.bonusId, key.bonusId),
            eq(playerBonuses.source, key.source),
          ),
        )
        .orderBy(asc(playerBonuses.id));
      const freeSpins = await spinSelect(tx).where(
        and(
          eq(playerFreeSpins.playerId, key.playerId),
          eq(playerFreeSpins.bonusId, key.bonusId),
          eq(playerFreeSpins.source, key.source),
        ),
      );
      return { bonuses: bonuses.map(toRecord), freeSpins: freeSpins.map(toSpinRecord) };
    },

    /** The player's active bonus of a currency (one at most), locked when asked. */
    async findActiveBonus(
      tx: Database,
      playerId: string,
      currency: string,
      lock = false,
    ): Promise<PlayerBonusRecord | undefined> {
      const query = bonusSelect(tx).where(
        and(
          eq(playerBonuses.playerId, playerId),
          eq(playerBonuses.currency, currency),
          eq(playerBonuses.status, BonusStatus.Active),
        ),
      );
      const [row] = lock ? await query.for('update', { of: playerBonuses }) : await query;
      return row && toRecord(row);
    },

    /** The oldest issued bonus of a currency whose definition activates it by itself (the queue). */
    async nextQueuedBonus(
      tx: Database,
      playerId: string,
      currency: string,
    ): Promise<PlayerBonusRecord | undefined> {
      const [row] = await bonusSelect(tx)
        .where(
          and(
            eq(playerBonuses.playerId, playerId),
            eq(playerBonuses.currency, currency),
            eq(playerBonuses.status, BonusStatus.Issued),
            eq(bonusDefinitions.activation, 'auto'),
            sql`${playerBonuses.expiresAt} > now()`,
          ),
        )
        .orderBy(asc(playerBonuses.issuedAt), asc(playerBonuses.id))
        .limit(1)
        .for('update', { of: playerBonuses });
      return row && toRecord(row);
    },

    /** Unfinished bonuses of the player in a currency, oldest first, locked. */
    lockOpenBonuses(tx: Database, playerId: string, currency: string) {
      return bonusSelect(tx)
        .where(
          and(
            eq(playerBonuses.playerId, playerId),
            eq(playerBonuses.currency, currency),
            inArray(playerBonuses.status, [BonusStatus.Issued, BonusStatus.Active]),
          ),
        )
        .orderBy(asc(playerBonuses.id))
        .for('update', { of: playerBonuses })
        .then((rows) => rows.map(toRecord));
    },

    /** The player's bonuses of these statuses (all when empty), newest first, one page. */
    async listBonuses(tx: Database, playerId: string, statuses: number[], page: Page) {
      const where = and(
        eq(playerBonuses.playerId, playerId),
        statuses.length > 0 ? inArray(playerBonuses.status, statuses) : undefined,
      );
      const { rows, totalRows } = await paged(
        bonusSelect(tx)
          .where(where)
          .orderBy(desc(playerBonuses.issuedAt), desc(playerBonuses.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        () => tx.select({ n: count() }).from(playerBonuses).where(where),
      );
      return { rows: rows.map(toRecord), totalRows };
    },

    async updateBonus(
      tx: Database,
      id: number,
      set: Partial<
        Pick<
          PlayerBonusRow,
          'status' | 'result' | 'expiresAt' | 'activatedAt' | 'finishedAt' | 'wagered'
        >
      >,
    ): Promise<void> {
      await tx.update(playerBonuses).set(set).where(eq(playerBonuses.id, id));
    },

    // ---- Bonus ledger accounts (owner_kind 'bonus') ----

    /** The player's bonus account of a currency, created on first use. */
    async ensureBonusAccount(
      tx: Database,
      playerId: string,
      currency: string,
    ): Promise<{ id: string; balance: number }> {
      const find = () =>
        tx
          .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(bonusAccountOf(playerId, currency));
      const [existing] = await find();
      if (existing) return existing;
      await tx
        .insert(ledgerAccounts)
        .values({ ownerKind: 'bonus', playerId, currency, status: 0 })
        .onConflictDoNothing({
          target: [ledgerAccounts.playerId, ledgerAccounts.currency, ledgerAccounts.ownerKind],
        });
      const [row] = await find();
      if (!row) throw new Error(`bonus account ${playerId}/${currency} could not be created`);
      return row;
    },

    /** The bonus balances of the player by currency (accounts never opened are absent). */
    async bonusBalances(tx: Database, playerId: string): Promise<Map<string, number>> {
      const rows = await tx
        .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.playerId, playerId), eq(ledgerAccounts.ownerKind, 'bonus')));
      return new Map(rows.map((r) => [r.currency, r.balance]));
    },

    // ---- Free spins ----

    async findGameByIdentity(tx: Database, identity: string) {
      const [row] = await tx
        .select({ id: games.id })
        .from(games)
        .where(eq(games.identity, identity));
      return row;
    },

    /** Undefined when this source issued these free spins already. */
    async insertFreeSpins(
      tx: Database,
      values: NewPlayerFreeSpin,
    ): Promise<PlayerFreeSpinRecord | undefined> {
      const [row] = await tx
        .insert(playerFreeSpins)
        .values(values)
        .onConflictDoNothing({
          target: [playerFreeSpins.playerId, playerFreeSpins.bonusId, playerFreeSpins.source],
        })
        .returning({ id: playerFreeSpins.id });
      if (!row) return undefined;
      const [record] = await spinSelect(tx).where(eq(playerFreeSpins.id, row.id));
      return record && toSpinRecord(record);
    },

    async lockFreeSpins(
      tx: Database,
      playerId: string,
      id: number,
    ): Promise<PlayerFreeSpinRecord | undefined> {
      const [row] = await spinSelect(tx)
        .where(and(eq(playerFreeSpins.id, id), eq(playerFreeSpins.playerId, playerId)))
        .for('update', { of: playerFreeSpins });
      return row && toSpinRecord(row);
    },

    async listFreeSpins(tx: Database, playerId: string, statuses: number[], page: Page) {
      const where = and(
        eq(playerFreeSpins.playerId, playerId),
        statuses.length > 0 ? inArray(playerFreeSpins.status, statuses) : undefined,
      );
      const { rows, totalRows } = await paged(
        spinSelect(tx)
          .where(where)
          .orderBy(desc(playerFreeSpins.issuedAt), desc(playerFreeSpins.id))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        () => tx.select({ n: count() }).from(playerFreeSpins).where(where),
      );
      return { rows: rows.map(toSpinRecord), totalRows };
    },

    async updateFreeSpins(
      tx: Database,
      id: number,
      set: Partial<
        Pick<
          PlayerFreeSpinRow,
          'status' | 'result' | 'expiresAt' | 'activatedAt' | 'finishedAt' | 'used' | 'won'
        >
      >,
    ): Promise<void> {
      await tx.update(playerFreeSpins).set(set).where(eq(playerFreeSpins.id, id));
    },
  };
}
export type BonusRepo = ReturnType<typeof createBonusRepo>;

function bonusAccountOf(playerId: string, currency: string): SQL | undefined {
  return and(
    eq(ledgerAccounts.playerId, playerId),
    eq(ledgerAccounts.currency, currency),
    eq(ledgerAccounts.ownerKind, 'bonus'),
  );
}
