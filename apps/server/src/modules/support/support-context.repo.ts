import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { InvoiceType, type SupportPlayerContext } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { invoices, ledgerAccounts, players } from '../../db/schema/index.ts';

const LAST = 5;

/**
 * The player beside a conversation in the console (read only, like the back office's player
 * read model): profile, segments, verification, balances, last purchases and redemptions.
 */
export function createSupportContextRepo() {
  async function lastInvoices(tx: Database, playerId: string, types: number[]) {
    const rows = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.playerId, playerId), inArray(invoices.type, types)))
      .orderBy(desc(invoices.createdAt))
      .limit(LAST);
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      amount: Number(r.amount),
      currency: r.currency,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  return {
    async player(tx: Database, playerId: string) {
      const [row] = await tx
        .select({
          id: players.id,
          email: players.email,
          nickname: players.nickname,
        })
        .from(players)
        .where(eq(players.id, playerId));
      return row ?? null;
    },

    async context(tx: Database, playerId: string): Promise<SupportPlayerContext | null> {
      const [p] = await tx.select().from(players).where(eq(players.id, playerId));
      if (!p) return null;
      const accounts = await tx
        .select({
          currency: ledgerAccounts.currency,
          ownerKind: ledgerAccounts.ownerKind,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.playerId, playerId), ne(ledgerAccounts.ownerKind, 'house')))
        .orderBy(ledgerAccounts.currency);
      return {
        profile: {
          id: p.id,
          email: p.email,
          nickname: p.nickname,
          firstName: p.firstName,
          lastName: p.lastName,
          country: p.country,
          status: p.status,
          createdAt: p.createdAt.toISOString(),
        },
        segmentIds: p.segmentIds,
        verification: {
          kycVerified: p.kycVerified,
          emailConfirmed: p.emailConfirmedAt !== null,
          phoneConfirmed: p.phoneConfirmed,
        },
        balances: accounts.map((a) => ({
          currency: a.currency,
          kind: a.ownerKind === 'bonus' ? ('bonus' as const) : ('cash' as const),
          balance: Number(a.balance),
        })),
        purchases: await lastInvoices(tx, playerId, [InvoiceType.Purchase, InvoiceType.Deposit]),
        redemptions: await lastInvoices(tx, playerId, [
          InvoiceType.Withdrawal,
          InvoiceType.VirtualPayout,
        ]),
        profileLink: `/admin/players/${p.id}`,
      };
    },
  };
}
export type SupportContextRepo = ReturnType<typeof createSupportContextRepo>;
