import { InvoiceStatus, InvoiceType, PurchaseStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { PostingEntry } from '../ledger/ledger.fns.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import { PURCHASERS_SEGMENT_ID, toBundlePurchase } from '../shop/shop.fns.ts';
import type { ShopRepo } from '../shop/shop.repo.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { BigDepositAlerts, PendingAlert } from './big-deposit-alert.ts';
import { canMoveInvoice, invoiceUpdatedEvent, type InvoiceRow } from '../invoice/invoice.fns.ts';
import type { PayerRepo } from '../invoice/payer.repo.ts';
import type { InvoicePatch, PaymentRepo } from './payment.repo.ts';
import { PLAYER_EXCLUDED_FAILURE } from './payment.fns.ts';
import { isExcluded } from '../../platform/auth.fns.ts';

/** A completed purchase as hooks see it: the coins it credited, per currency. */
export interface CompletedPurchase {
  playerId: string;
  purchaseId: string;
  credited: Partial<Record<string, number>>;
}

export type SettleOutcome =
  | { status: typeof InvoiceStatus.Processing }
  | { status: typeof InvoiceStatus.Success }
  | { status: typeof InvoiceStatus.Rejected; failureCode: string };

export interface Settled {
  invoice: InvoiceRow;
  /** False when the outcome could not apply (the invoice was final, or already there). */
  changed: boolean;
  /** A big-deposit alert to deliver once the transaction has committed. */
  alert: PendingAlert | null;
}

/** The ledger key of an invoice's settlement: one invoice can never be credited twice. */
export const settlementKey = (invoiceId: string) => `invoice:${invoiceId}:settle`;

/**
 * The one place an invoice outcome takes effect, for synchronous provider answers and webhooks
 * alike. Runs in the caller's transaction, which holds the player's lock then the invoice's.
 */
export function createSettlement(deps: {
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  invoices: Pick<PaymentRepo, 'updateInvoice'>;
  purchases: Pick<ShopRepo, 'lockOwnPurchase' | 'updatePurchase'>;
  payers: Pick<PayerRepo, 'addSegment' | 'excludedUntil'>;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  alerts: Pick<BigDepositAlerts, 'checkIn'>;
  outbox: OutboxRecorder;
  /** What a purchase's success gives besides its coins (the bonus engine's matches and codes). */
  onPurchaseCompleted?: (tx: Database, purchase: CompletedPurchase) => Promise<void>;
  now?: () => Date;
}) {
  const { ledger, invoices, purchases, payers, outbox } = deps;
  const now = deps.now ?? (() => new Date());

  const accountOf = (tx: Database, playerId: string, currency: string) =>
    deps.wallet.accountIn(tx, playerId, currency);

  /** Books the coins of a paid purchase; returns the ledger transaction id. */
  async function creditPurchase(tx: Database, invoice: InvoiceRow): Promise<string> {
    if (!invoice.purchaseId) throw new Error(`purchase invoice ${invoice.id} has no purchase`);
    const purchase = await purchases.lockOwnPurchase(tx, invoice.playerId, invoice.purchaseId);
    if (!purchase) throw new Error(`purchase ${invoice.purchaseId} vanished`);
    const gcAccount = await accountOf(tx, invoice.playerId, 'GC');
    const entries: PostingEntry[] = [
      { account: { accountId: gcAccount }, currency: 'GC', amount: purchase.goldCoins },
      { account: { house: 'purchases_clearing' }, currency: 'GC', amount: -purchase.goldCoins },
    ];
    if (purchase.sweepsCoins > 0) {
      const scAccount = await accountOf(tx, invoice.playerId, 'SC');
      entries.push(
        { account: { accountId: scAccount }, currency: 'SC', amount: purchase.sweepsCoins },
        { account: { house: 'promotions' }, currency: 'SC', amount: -purchase.sweepsCoins },
      );
    }
    const { transaction } = await ledger.post(tx, {
      idempotencyKey: settlementKey(invoice.id),
      kind: 'purchase',
      playerId: invoice.playerId,
      entries,
      metadata: { invoiceId: invoice.id, purchaseId: purchase.id, bundle: purchase.bundleIdentity },
    });
    if (purchase.sweepsCoins > 0) {
      await deps.credits.record(tx, {
        playerId: invoice.playerId,
        source: 'purchase',
        amount: purchase.sweepsCoins,
        ledgerTransactionId: transaction.transactionId,
      });
    }
    return transaction.transactionId;
  }

  async function creditDeposit(tx: Database, invoice: InvoiceRow): Promise<string> {
    const account = await accountOf(tx, invoice.playerId, invoice.currency);
    const { transaction } = await ledger.post(tx, {
      idempotencyKey: settlementKey(invoice.id),
      kind: 'deposit',
      playerId: invoice.playerId,
      entries: [
        { account: { accountId: account }, currency: invoice.currency, amount: invoice.amount },
        {
          account: { house: 'deposits_clearing' },
          currency: invoice.currency,
          amount: -invoice.amount,
        },
      ],
      metadata: { invoiceId: invoice.id },
    });
    return transaction.transactionId;
  }

  /** The purchase follows its invoice's final outcome, and says so. */
  async function finishPurchase(tx: Database, invoice: InvoiceRow, status: number) {
    if (!invoice.purchaseId) return;
    const purchase = await purchases.lockOwnPurchase(tx, invoice.playerId, invoice.purchaseId);
    if (!purchase || purchase.status !== PurchaseStatus.InProgress) return;
    const row = await purchases.updatePurchase(tx, purchase.id, { status });
    if (status === PurchaseStatus.Completed) {
      await deps.onPurchaseCompleted?.(tx, {
        playerId: invoice.playerId,
        purchaseId: purchase.id,
        credited: { GC: purchase.goldCoins, SC: purchase.sweepsCoins },
      });
    }
    await outbox.record(tx, {
      type: 'bundle.purchase.updated',
      playerId: invoice.playerId,
      payload: { purchase: toBundlePurchase(row), playerId: invoice.playerId },
    });
  }

  return {
    async settle(
      tx: Database,
      invoice: InvoiceRow,
      paid: SettleOutcome,
      extra: Pick<InvoicePatch, 'nextAction' | 'providerRef'> = {},
    ): Promise<Settled> {
      if (!canMoveInvoice(invoice.status, paid.status)) {
        return { invoice, changed: false, alert: null };
      }
      // A purchase that settles while its player is on a break or self-excluded buys nothing:
      // the exclusion shut the door on new purchases, and one already at the provider is
      // refused here rather than credited (decision 030's "Not yet").
      const outcome: SettleOutcome =
        paid.status === InvoiceStatus.Success &&
        invoice.type === InvoiceType.Purchase &&
        isExcluded(await payers.excludedUntil(tx, invoice.playerId), now().getTime())
          ? { status: InvoiceStatus.Rejected, failureCode: PLAYER_EXCLUDED_FAILURE }
          : paid;
      const patch: InvoicePatch = { ...extra, status: outcome.status };
      let alert: PendingAlert | null = null;
      if (outcome.status === InvoiceStatus.Success) {
        patch.processedAt = now();
        patch.ledgerTransactionId =
          invoice.type === InvoiceType.Purchase
            ? await creditPurchase(tx, invoice)
            : await creditDeposit(tx, invoice);
      } else if (outcome.status === InvoiceStatus.Rejected) {
        patch.processedAt = now();
        patch.failureCode = outcome.failureCode;
      }
      const updated = await invoices.updateInvoice(tx, invoice.id, patch);
      if (outcome.status === InvoiceStatus.Success && invoice.type === InvoiceType.Purchase) {
        await finishPurchase(tx, updated, PurchaseStatus.Completed);
        await payers.addSegment(tx, invoice.playerId, PURCHASERS_SEGMENT_ID);
      } else if (outcome.status === InvoiceStatus.Rejected) {
        await finishPurchase(tx, updated, PurchaseStatus.Failed);
      }
      if (outcome.status === InvoiceStatus.Success) {
        alert = await deps.alerts.checkIn(tx, updated);
      }
      await outbox.record(tx, invoiceUpdatedEvent(updated));
      return { invoice: updated, changed: true, alert };
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
