import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ledgerAccounts,
  players,
  playerSessions,
  sweepsExpiryNotices,
} from '../../db/schema/index.ts';

/**
 * The start of a player's inactivity period: the latest of registration, last login (a session
 * row is opened by every login: password, social, token), the end of their latest break or
 * self-exclusion (time they could not log in does not count; while one runs its end is in the
 * future, so nothing is due) and the last expiry of their coins.
 * PostgreSQL's greatest() ignores nulls; milliseconds, as a JavaScript date keeps it.
 */
const periodStart = (playerId: AnyColumn) => sql<Date>`date_trunc('milliseconds', greatest(
  ${players.createdAt},
  ${players.excludedUntil},
  (select max(s.created_at) from ${playerSessions} s where s.player_id = ${playerId}),
  (select max(n.created_at) from ${sweepsExpiryNotices} n
     where n.player_id = ${playerId} and n.days_before = 0)))`;

/** The Sweeps Coins expiry job's statements (decision 035); only this file touches its table. */
export function createSweepsExpiryRepo(db: Database, currency: string) {
  const scAccount = and(
    eq(ledgerAccounts.playerId, players.id),
    eq(ledgerAccounts.ownerKind, 'player'),
    eq(ledgerAccounts.currency, currency),
  );

  return {
    db,

    /**
     * Players holding Sweeps Coins whose period started at or before `startedBy`, after
     * `afterId` in id order (a run walks them once, batch by batch).
     */
    async candidates(tx: Database, startedBy: Date, afterId: string, limit: number) {
      const rows = await tx
        .select({ id: players.id })
        .from(players)
        .innerJoin(ledgerAccounts, scAccount)
        .where(
          and(
            sql`${ledgerAccounts.balance} > 0`,
            sql`${players.id} > ${afterId}::uuid`,
            sql`${periodStart(players.id)} <= ${startedBy.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(players.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Locks the players not busy elsewhere (another node's batch, a bet): the rest wait a run. */
    async lockPlayers(tx: Database, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: players.id })
        .from(players)
        .where(
          sql`${players.id} in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
        .orderBy(asc(players.id))
        .for('no key update', { skipLocked: true });
      return rows.map((r) => r.id);
    },

    /** A locked player's standing: the coins, the period, what was done in it. */
    async standingOf(tx: Database, playerId: string) {
      const [row] = await tx
        .select({
          email: players.email,
          accountId: ledgerAccounts.id,
          balance: ledgerAccounts.balance,
          periodStart: periodStart(players.id).mapWith((v: string | Date) => new Date(v)),
        })
        .from(players)
        .innerJoin(ledgerAccounts, scAccount)
        .where(eq(players.id, playerId));
      if (!row) return undefined;
      const done = await tx
        .select({ daysBefore: sweepsExpiryNotices.daysBefore })
        .from(sweepsExpiryNotices)
        .where(
          and(
            eq(sweepsExpiryNotices.playerId, playerId),
            eq(sweepsExpiryNotices.periodStart, row.periodStart),
          ),
        );
      return { ...row, done: new Set(done.map((d) => d.daysBefore)) };
    },

    /** False when it was done already (the key: player, period, days before). */
    async insertNotice(tx: Database, notice: typeof sweepsExpiryNotices.$inferInsert) {
      const rows = await tx
        .insert(sweepsExpiryNotices)
        .values(notice)
        .onConflictDoNothing()
        .returning({ playerId: sweepsExpiryNotices.playerId });
      return rows.length === 1;
    },

    /** A reminder whose mail failed: forgotten, so the next run sends it. */
    async deleteNotice(playerId: string, periodStart: Date, daysBefore: number): Promise<void> {
      await db
        .delete(sweepsExpiryNotices)
        .where(
          and(
            eq(sweepsExpiryNotices.playerId, playerId),
            eq(sweepsExpiryNotices.periodStart, periodStart),
            eq(sweepsExpiryNotices.daysBefore, daysBefore),
          ),
        );
    },
  };
}
export type SweepsExpiryRepo = ReturnType<typeof createSweepsExpiryRepo>;
