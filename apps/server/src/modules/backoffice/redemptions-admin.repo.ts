import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { InvoiceStatus, InvoiceType, type AdminRedemptionSort } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { invoices, players } from '../../db/schema/index.ts';

const PAYOUTS = [InvoiceType.Withdrawal, InvoiceType.VirtualPayout];
const PAID_IN = [InvoiceType.Purchase, InvoiceType.Deposit];

/** The payouts waiting for a decision, oldest first unless sorted, with the player's risk context (read only). */
export function createRedemptionsAdminRepo() {
  const sumOf = (types: number[]) =>
    sql<string>`coalesce((select sum(i2.amount_base) from ${invoices} i2
      where i2.player_id = ${invoices.playerId} and i2.status = ${InvoiceStatus.Success}
      and i2.type in (${sql.join(
        types.map((n) => sql`${n}`),
        sql`, `,
      )})), 0)`;
  return {
    async pending(
      tx: Database,
      page: { sort: AdminRedemptionSort; order: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const direction = page.order === 'asc' ? asc : desc;
      const column = { createdAt: invoices.createdAt, amount: invoices.amountBase }[page.sort];
      const where = and(
        inArray(invoices.type, PAYOUTS),
        eq(invoices.status, InvoiceStatus.Pending),
      );
      const rows = await tx
        .select({
          invoice: invoices,
          player: {
            email: players.email,
            status: players.status,
            kycVerified: players.kycVerified,
            emailConfirmedAt: players.emailConfirmedAt,
            phoneConfirmed: players.phoneConfirmed,
            createdAt: players.createdAt,
          },
          purchasedBase: sumOf(PAID_IN),
          redeemedBase: sumOf(PAYOUTS),
        })
        .from(invoices)
        .innerJoin(players, eq(players.id, invoices.playerId))
        .where(where)
        // The id breaks ties, so pages never overlap.
        .orderBy(direction(column), direction(invoices.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ total: count() }).from(invoices).where(where);
      return { rows, total: total?.total ?? 0 };
    },
    async find(tx: Database, invoiceId: string) {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
      return row;
    },
  };
}
export type RedemptionsAdminRepo = ReturnType<typeof createRedemptionsAdminRepo>;
