import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  like,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { InvoiceType, VISITOR_ID_PATTERN, type AdminPlayerSearchQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  deviceLinks,
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
/** The search's sortable columns (`?sort=`); the id breaks ties so pages never overlap. */
const SORT_COLUMNS = {
  createdAt: players.createdAt,
  email: players.email,
  nickname: players.nickname,
  status: players.status,
} as const;
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
  function searchFilter(tx: Database, q: string): SQL | undefined {
    if (UUID.test(q)) return eq(players.id, q);
    const lower = q.toLowerCase();
    if (q.includes('@')) return like(players.email, likePrefix(lower));
    if (PHONE.test(q)) return eq(players.phone, q.replace(/[ ()-]/g, ''));
    // A device's visitor id (decision 049): the players seen on it, beside the prefix matches.
    if (VISITOR_ID_PATTERN.test(lower)) {
      const onDevice = tx
        .select({ playerId: deviceLinks.playerId })
        .from(deviceLinks)
        .where(eq(deviceLinks.visitorId, lower));
      // `= any(array(…))`, not `in (…)`: a subquery inside an OR cannot become a join, so
      // `in` filtered every player row; the array is read once and the primary key finds them.
      return or(
        sql`${players.id} = any(array(${onDevice}))`,
        like(players.email, likePrefix(lower)),
        like(sql`lower(${players.nickname})`, likePrefix(lower)),
      );
    }
    return or(
      like(players.email, likePrefix(lower)),
      like(sql`lower(${players.nickname})`, likePrefix(lower)),
    );
  }

  /** Other players seen on this player's devices, the most recently seen first. */
  function sharedDevices(tx: Database, playerId: string) {
    const mine = tx
      .select({ visitorId: deviceLinks.visitorId })
      .from(deviceLinks)
      .where(eq(deviceLinks.playerId, playerId));
    return tx
      .select({
        playerId: players.id,
        email: players.email,
        nickname: players.nickname,
        status: players.status,
        visitorIds: sql<
          string[]
        >`array_agg(${deviceLinks.visitorId} order by ${deviceLinks.visitorId})`,
        lastSeenAt: sql<Date>`max(${deviceLinks.lastSeenAt})`.mapWith(deviceLinks.lastSeenAt),
      })
      .from(deviceLinks)
      .innerJoin(players, eq(players.id, deviceLinks.playerId))
      .where(and(inArray(deviceLinks.visitorId, mine), ne(deviceLinks.playerId, playerId)))
      .groupBy(players.id)
      .orderBy(desc(sql`max(${deviceLinks.lastSeenAt})`))
      .limit(RECENT * 5);
  }

  return {
    searchFilter,

    async search(tx: Database, query: AdminPlayerSearchQuery) {
      const filters = [
        query.q ? searchFilter(tx, query.q) : undefined,
        query.status ? eq(players.status, query.status) : undefined,
      ].filter((f): f is SQL => f !== undefined);
      const where = filters.length > 0 ? and(...filters) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const rows = await tx
        .select()
        .from(players)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[query.sort]), direction(players.id))
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
      const devices = await tx
        .select()
        .from(deviceLinks)
        .where(eq(deviceLinks.playerId, playerId))
        .orderBy(desc(deviceLinks.lastSeenAt))
        .limit(RECENT);
      return {
        liveSessions: liveSessions?.n ?? 0,
        devices,
        sharedDevices: await sharedDevices(tx, playerId),
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
