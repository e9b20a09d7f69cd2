import { and, eq } from 'drizzle-orm';
import { InvoiceStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { invoices, ledgerAccounts, players, w9Forms } from '../../db/schema/index.ts';
import { PAYOUT_TYPES, type InvoiceRow } from '../invoice/invoice.fns.ts';
import type { InvoiceRepo } from '../invoice/invoice.repo.ts';
import type { CurrencyRatesRepo } from '../wallet/currency-rates.repo.ts';

export type W9FormRow = typeof w9Forms.$inferSelect;

/** Payouts that hold or paid money: everything but rejected (and declined, which is rejected). */
const LIVE_PAYOUT_STATUSES = [
  InvoiceStatus.Pending,
  InvoiceStatus.Processing,
  InvoiceStatus.Success,
];

/** Redemptions' rows: payout invoices, W-9 forms, and the reads their rules need. */
export function createRedemptionRepo(
  db: Database,
  /** The invoice module's rows and the wallet's currency rates, handed in by the wiring. */
  { invoiceRows, rates }: { invoiceRows: InvoiceRepo; rates: CurrencyRatesRepo },
) {
  return {
    db,

    async findPlayer(tx: Database, playerId: string) {
      const [row] = await tx
        .select({
          id: players.id,
          email: players.email,
          status: players.status,
          kycVerified: players.kycVerified,
          emailConfirmedAt: players.emailConfirmedAt,
          phoneConfirmed: players.phoneConfirmed,
          segmentIds: players.segmentIds,
          excludedUntil: players.excludedUntil,
        })
        .from(players)
        .where(eq(players.id, playerId));
      return row;
    },

    async findAccount(tx: Database, playerId: string, currency: string) {
      const [row] = await tx
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.playerId, playerId),
            eq(ledgerAccounts.currency, currency),
            eq(ledgerAccounts.ownerKind, 'player'),
          ),
        );
      return row;
    },

    listCurrencies: (tx: Database) => rates.list(tx),

    /** Σ base value of the player's live payouts created since `since`. */
    payoutBaseSince: (tx: Database, playerId: string, since: Date) =>
      invoiceRows.sum(tx, {
        playerId,
        types: PAYOUT_TYPES,
        statuses: LIVE_PAYOUT_STATUSES,
        sum: 'amountBase',
        since: { column: 'createdAt', at: since },
      }),

    insertInvoice: invoiceRows.insert,

    /** The invoice, locked until commit; only the owner's when `playerId` is given. */
    lockInvoice: (tx: Database, id: string, playerId?: string) =>
      invoiceRows.lock(tx, id, playerId),

    async updateInvoice(
      tx: Database,
      id: string,
      values: Partial<
        Pick<
          InvoiceRow,
          | 'status'
          | 'failureCode'
          | 'processedAt'
          | 'settlementTransactionId'
          | 'providerRef'
          | 'payoutSentAt'
        >
      > & {
        updatedAt: Date;
      },
    ): Promise<InvoiceRow> {
      const [row] = await tx.update(invoices).set(values).where(eq(invoices.id, id)).returning();
      if (!row) throw new Error(`invoice ${id} vanished`);
      return row;
    },

    async findW9(tx: Database, playerId: string): Promise<W9FormRow | undefined> {
      const [row] = await tx.select().from(w9Forms).where(eq(w9Forms.playerId, playerId));
      return row;
    },

    /** Stores the player's W-9, replacing an earlier one. */
    async upsertW9(tx: Database, values: typeof w9Forms.$inferInsert): Promise<W9FormRow> {
      const { playerId, ...rest } = values;
      const [row] = await tx
        .insert(w9Forms)
        .values(values)
        .onConflictDoUpdate({ target: w9Forms.playerId, set: rest })
        .returning();
      if (!row) throw new Error(`w9 form of ${playerId} not stored`);
      return row;
    },
  };
}
export type RedemptionRepo = ReturnType<typeof createRedemptionRepo>;
