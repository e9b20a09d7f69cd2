import { and, count, desc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { InvoiceType, type AdminPlayerSearchQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  gameRounds,
  games,
  invoices,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  playerBonuses,
  playerLimits,
  playerSessions,
  players,
} from '../../db/schema/index.ts';

const RECENT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE = /^\+?[0-9][0-9 ()-]{4,}$/;
/** `%` and `_` typed by staff are literal characters, not wildcards. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The back office's read model of a player: what the profile shows, read across the player,
 * wallet, ledger, game, payment and bonus tables (read only; every change goes through the
 * owning module's capability).
 */
export function createPlayersAdminRepo() {
  /** What `q` looks like decides the one indexed predicate it becomes. */
  function searchFilter(q: string): SQL | undefined {
    if (UUID.test(q)) return eq(players.id, q);
    const lower = q.toLowerCase();
    if (q.includes('@')) return like(players.email, likePrefix(lower));
    if (PHONE.test(q)) return eq(players.phone, q.replace(/[ ()-]/g, ''));
    return or(
      like(players.email, likePrefix(lower)),
      like(sql`lower(${players.nickname})`, likePrefix(lower)),
    );
  }

  return {
    async search(tx: Database, query: AdminPlayerSearchQuery) {
      const filters = [
        query.q ? searchFilter(query.q) : undefined,
        query.status ? eq(players.status, query.status) : undefined,
      ].filter((f): f is SQL => f !== undefined);
      const where = filters.length > 0 ? and(...filters) : undefined;
      const rows = await tx
        .select()
        .from(players)
        .where(where)
        .orderBy(desc(players.createdAt), players.id)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await tx.select({ total: count() }).from(players).where(where);
      return { rows, total: total?.total ?? 0 };
    },

    async profileParts(tx: Database, playerId: string) {
      const [liveSessions] = await tx
        .select({ n: count() })
        .from(playerSessions)
        .where(and(eq(playerSessions.playerId, playerId), isNull(playerSessions.endedAt)));
      const accounts = await tx
        .select({
          id: ledgerAccounts.id,
          currency: ledgerAccounts.currency,
          ownerKind: ledgerAccounts.ownerKind,
          balance: ledgerAccounts.balance,
          status: ledgerAccounts.status,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.playerId, playerId))
        .orderBy(ledgerAccounts.currency);
      const accountIds = accounts.map((a) => a.id);
      const ledger =
        accountIds.length === 0
          ? []
          : await tx
              .select({
                transactionId: ledgerEntries.transactionId,
                kind: ledgerTransactions.kind,
                currency: ledgerEntries.currency,
                amount: ledgerEntries.amount,
                at: ledgerEntries.createdAt,
              })
              .from(ledgerEntries)
              .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
              .where(inArray(ledgerEntries.accountId, accountIds))
              .orderBy(desc(ledgerEntries.id))
              .limit(RECENT);
      const limits = await tx
        .select()
        .from(playerLimits)
        .where(eq(playerLimits.playerId, playerId))
        .orderBy(playerLimits.type, playerLimits.period);
      const rounds = await tx
        .select({
          id: gameRounds.id,
          game: games.identity,
          currency: gameRounds.currency,
          bet: gameRounds.bet,
          payout: gameRounds.payout,
          status: gameRounds.status,
          createdAt: gameRounds.createdAt,
        })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(eq(gameRounds.playerId, playerId))
        .orderBy(desc(gameRounds.createdAt))
        .limit(RECENT);
      const invoiceRows = await tx
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.playerId, playerId),
            inArray(invoices.type, [
              InvoiceType.Purchase,
              InvoiceType.Deposit,
              InvoiceType.Withdrawal,
              InvoiceType.VirtualPayout,
            ]),
          ),
        )
        .orderBy(desc(invoices.createdAt))
        .limit(RECENT);
      const bonuses = await tx
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.playerId, playerId))
        .orderBy(desc(playerBonuses.issuedAt))
        .limit(RECENT);
      return {
        liveSessions: liveSessions?.n ?? 0,
        accounts,
        ledger,
        limits,
        rounds,
        invoices: invoiceRows,
        bonuses,
      };
    },
  };
}
export type PlayersAdminRepo = ReturnType<typeof createPlayersAdminRepo>;
