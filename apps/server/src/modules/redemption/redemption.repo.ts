import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { InvoiceStatus, InvoiceType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { selectCurrencyRates } from '../wallet/wallet.repo.ts';
import {
  invoices,
  ledgerAccounts,
  players,
  sweepsCredits,
  w9Forms,
} from '../../db/schema/index.ts';
import { lockPlayerRow } from '../player/player.repo.ts';
import type { InvoiceRow } from '../payment/invoice.fns.ts';
import { insertInvoice, sumInvoices } from '../payment/invoice-totals.repo.ts';
import type { CreditChange } from './playthrough.fns.ts';

export type SweepsCreditRow = typeof sweepsCredits.$inferSelect;
export type W9FormRow = typeof w9Forms.$inferSelect;

const PAYOUT_TYPES = [InvoiceType.Withdrawal, InvoiceType.VirtualPayout];
/** Payouts that hold or paid money: everything but rejected (and declined, which is rejected). */
const LIVE_PAYOUT_STATUSES = [
  InvoiceStatus.Pending,
  InvoiceStatus.Processing,
  InvoiceStatus.Success,
];
const OPEN_STATUSES = [InvoiceStatus.Pending, InvoiceStatus.Processing];

/** Redemptions' rows: SC credits, payout invoices, W-9 forms, and the reads their rules need. */
export function createRedemptionRepo(db: Database) {
  return {
    db,
    lockPlayer: lockPlayerRow,

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
        })
        .from(players)
        .where(eq(players.id, playerId));
      return row;
    },

    async findAccount(tx: Database, playerId: string, currency: string) {
      const [row] = await tx
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.playerId, playerId), eq(ledgerAccounts.currency, currency)));
      return row;
    },

    listCurrencies: (tx: Database) => selectCurrencyRates(tx),

    /** Open credits, oldest first; locked until commit when the caller is about to change them. */
    listOpenCredits(tx: Database, playerId: string, lock = false): Promise<SweepsCreditRow[]> {
      const query = tx
        .select()
        .from(sweepsCredits)
        .where(and(eq(sweepsCredits.playerId, playerId), isNull(sweepsCredits.completedAt)))
        .orderBy(asc(sweepsCredits.createdAt), asc(sweepsCredits.id));
      return lock ? query.for('update') : query;
    },

    listCompletedCredits(tx: Database, playerId: string, limit: number) {
      return tx
        .select()
        .from(sweepsCredits)
        .where(and(eq(sweepsCredits.playerId, playerId), isNotNull(sweepsCredits.completedAt)))
        .orderBy(desc(sweepsCredits.completedAt), desc(sweepsCredits.id))
        .limit(limit);
    },

    async updateCredits(tx: Database, changes: readonly CreditChange[]): Promise<void> {
      for (const change of changes) {
        await tx
          .update(sweepsCredits)
          .set({ wagered: change.wagered, completedAt: change.completedAt })
          .where(eq(sweepsCredits.id, change.id));
      }
    },

    /** Σ of the player's open payouts in `currency` (its own minor units): held, not yet paid. */
    heldIn: (tx: Database, playerId: string, currency: string) =>
      sumInvoices(tx, {
        playerId,
        types: PAYOUT_TYPES,
        statuses: OPEN_STATUSES,
        sum: 'amount',
        currency,
      }),

    /** Σ base value of the player's live payouts created since `since`. */
    payoutBaseSince: (tx: Database, playerId: string, since: Date) =>
      sumInvoices(tx, {
        playerId,
        types: PAYOUT_TYPES,
        statuses: LIVE_PAYOUT_STATUSES,
        sum: 'amountBase',
        since: { column: 'createdAt', at: since },
      }),

    insertInvoice,

    /** The invoice, locked until commit; only the owner's when `playerId` is given. */
    async lockInvoice(
      tx: Database,
      id: string,
      playerId?: string,
    ): Promise<InvoiceRow | undefined> {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(
          playerId
            ? and(eq(invoices.id, id), eq(invoices.playerId, playerId))
            : eq(invoices.id, id),
        )
        // NO KEY UPDATE: rows that reference the invoice (alerts, webhook events) still insert.
        .for('no key update');
      return row;
    },

    async updateInvoice(
      tx: Database,
      id: string,
      values: Partial<
        Pick<InvoiceRow, 'status' | 'failureCode' | 'processedAt' | 'settlementTransactionId'>
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
