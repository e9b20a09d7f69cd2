import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AdminBigDepositQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { bigDepositAlerts, currencies, invoices, players } from '../../db/schema/index.ts';

/** `?sort=` columns; the id breaks ties so pages never overlap. */
const SORT_COLUMNS = {
  createdAt: bigDepositAlerts.createdAt,
  totalBase: bigDepositAlerts.totalBase,
} as const;

/** The big-deposit alerts the payment module records (read-only), newest first by default. */
export function createBigDepositsRepo() {
  return {
    async list(tx: Database, query: AdminBigDepositQuery) {
      const filters = [
        query.playerId ? eq(bigDepositAlerts.playerId, query.playerId) : undefined,
        query.minTotal !== undefined ? gte(bigDepositAlerts.totalBase, query.minTotal) : undefined,
        query.from ? gte(bigDepositAlerts.createdAt, new Date(query.from)) : undefined,
        query.to ? lt(bigDepositAlerts.createdAt, new Date(query.to)) : undefined,
      ].filter((f): f is SQL => f !== undefined);
      const where = filters.length > 0 ? and(...filters) : undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const rows = await tx
        .select({
          id: bigDepositAlerts.id,
          playerId: bigDepositAlerts.playerId,
          playerEmail: players.email,
          invoiceId: bigDepositAlerts.invoiceId,
          amount: invoices.amount,
          currency: invoices.currency,
          totalBase: bigDepositAlerts.totalBase,
          delivery: bigDepositAlerts.delivery,
          createdAt: bigDepositAlerts.createdAt,
        })
        .from(bigDepositAlerts)
        .innerJoin(invoices, eq(invoices.id, bigDepositAlerts.invoiceId))
        .leftJoin(players, eq(players.id, bigDepositAlerts.playerId))
        .where(where)
        .orderBy(direction(SORT_COLUMNS[query.sort]), direction(bigDepositAlerts.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await tx.select({ total: count() }).from(bigDepositAlerts).where(where);
      const [base] = await tx
        .select({ code: currencies.code })
        .from(currencies)
        .where(eq(currencies.isBase, true));
      return { rows, total: total?.total ?? 0, baseCurrency: base?.code ?? 'USD' };
    },
  };
}
export type BigDepositsRepo = ReturnType<typeof createBigDepositsRepo>;
