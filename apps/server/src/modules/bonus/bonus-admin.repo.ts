import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AdminBonusCodeQuery, AdminBonusDefinitionQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { bonusCodes, bonusDefinitions, games, playerBonusCodes } from '../../db/schema/index.ts';

export type BonusDefinitionRow = typeof bonusDefinitions.$inferSelect;
export type NewBonusDefinition = typeof bonusDefinitions.$inferInsert;
export type BonusCodeRow = typeof bonusCodes.$inferSelect;
export type NewBonusCode = typeof bonusCodes.$inferInsert;
/** A code with its definition's slug and how many players had it applied. */
export type BonusCodeRecord = BonusCodeRow & { bonusSlug: string; redemptions: number };

/** `like` pattern for "contains", its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The players whose code was applied, per code (a correlated count: codes are few per page). */
// Qualified by hand: drizzle leaves column names bare where a query has one table.
const redemptionsOf = sql<number>`(select count(*)::int from ${playerBonusCodes} pbc
  where pbc.code_id = "bonus_codes"."id" and pbc.state = 'applied')`;

/** The back office's reads and writes of bonus definitions and codes: only this file's SQL. */
export function createBonusAdminRepo() {
  const codeSelect = (tx: Database) =>
    tx
      .select({ row: bonusCodes, bonusSlug: bonusDefinitions.slug, redemptions: redemptionsOf })
      .from(bonusCodes)
      .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, bonusCodes.bonusId));
  const toCode = (r: { row: BonusCodeRow; bonusSlug: string; redemptions: number }) => ({
    ...r.row,
    bonusSlug: r.bonusSlug,
    redemptions: Number(r.redemptions),
  });

  return {
    async listDefinitions(tx: Database, q: AdminBonusDefinitionQuery) {
      const filters: SQL[] = [];
      if (q.q) filters.push(ilike(bonusDefinitions.slug, containing(q.q)));
      if (q.kind) filters.push(eq(bonusDefinitions.kind, q.kind));
      if (q.enabled !== undefined) filters.push(eq(bonusDefinitions.enabled, q.enabled));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const column = {
        id: bonusDefinitions.id,
        slug: bonusDefinitions.slug,
        kind: bonusDefinitions.kind,
        claims: bonusDefinitions.claims,
        createdAt: bonusDefinitions.createdAt,
      }[q.sort];
      const direction = q.order === 'asc' ? asc : desc;
      const rows = await tx
        .select()
        .from(bonusDefinitions)
        .where(where)
        .orderBy(direction(column), direction(bonusDefinitions.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage);
      const [total] = await tx.select({ n: count() }).from(bonusDefinitions).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findDefinition(tx: Database, id: number, lock = false) {
      const query = tx.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** Undefined when the slug is taken. */
    async insertDefinition(tx: Database, values: NewBonusDefinition) {
      const [row] = await tx
        .insert(bonusDefinitions)
        .values(values)
        .onConflictDoNothing({ target: bonusDefinitions.slug })
        .returning();
      return row;
    },

    async updateDefinition(
      tx: Database,
      id: number,
      set: Partial<Omit<NewBonusDefinition, 'id' | 'slug' | 'claims' | 'createdAt'>>,
    ) {
      const [row] = await tx
        .update(bonusDefinitions)
        .set(set)
        .where(eq(bonusDefinitions.id, id))
        .returning();
      return row;
    },

    async gameExists(tx: Database, identity: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: games.id })
        .from(games)
        .where(eq(games.identity, identity));
      return row !== undefined;
    },

    async listCodes(tx: Database, q: AdminBonusCodeQuery) {
      const filters: SQL[] = [];
      if (q.q) filters.push(ilike(bonusCodes.code, containing(q.q)));
      if (q.bonusId !== undefined) filters.push(eq(bonusCodes.bonusId, q.bonusId));
      if (q.enabled !== undefined) filters.push(eq(bonusCodes.enabled, q.enabled));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const direction = q.order === 'asc' ? asc : desc;
      const column = {
        code: bonusCodes.code,
        claims: bonusCodes.claims,
        redemptions: redemptionsOf,
        createdAt: bonusCodes.createdAt,
        expiresAt: bonusCodes.expiresAt,
      }[q.sort];
      const rows = await codeSelect(tx)
        .where(where)
        // Codes without an end sort last either way (they never expire).
        .orderBy(
          ...(q.sort === 'expiresAt' ? [sql`${bonusCodes.expiresAt} is null`] : []),
          direction(column),
          direction(bonusCodes.id),
        )
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage);
      const [total] = await tx.select({ n: count() }).from(bonusCodes).where(where);
      return { rows: rows.map(toCode), total: total?.n ?? 0 };
    },

    async findCode(tx: Database, id: number, lock = false): Promise<BonusCodeRecord | undefined> {
      const query = codeSelect(tx).where(eq(bonusCodes.id, id));
      const [row] = lock ? await query.for('update', { of: bonusCodes }) : await query;
      return row && toCode(row);
    },

    /** Undefined when the code exists already (codes are unique as typed). */
    async insertCode(tx: Database, values: NewBonusCode): Promise<number | undefined> {
      const [row] = await tx
        .insert(bonusCodes)
        .values(values)
        .onConflictDoNothing({ target: bonusCodes.code })
        .returning({ id: bonusCodes.id });
      return row?.id;
    },

    async updateCode(
      tx: Database,
      id: number,
      set: Partial<
        Pick<NewBonusCode, 'claimCap' | 'startsAt' | 'expiresAt' | 'eligibility' | 'enabled'>
      >,
    ): Promise<void> {
      await tx.update(bonusCodes).set(set).where(eq(bonusCodes.id, id));
    },
  };
}
export type BonusAdminRepo = ReturnType<typeof createBonusAdminRepo>;
