import { isFinalInvoiceStatus } from '../invoice/invoice.fns.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import { toBundlePurchase } from '../shop/shop.fns.ts';
import type { ShopRepo } from '../shop/shop.repo.ts';
import { abandonCutoffs, type AbandonPolicy } from './payment-cancel.fns.ts';
import type { PaymentRepo } from './payment.repo.ts';
import { cancelThroughProvider } from './use-cases/cancel-invoice.ts';
import type { PaymentDeps, PaymentSteps } from './use-cases/payment-steps.ts';

/** Invoices claimed per statement: the provider is asked one by one, so a run stays short. */
export const ABANDON_BATCH = 100;
/**
 * A claimed invoice is not claimed again for this long: a second node skips it, and one the
 * provider could not cancel (or is still processing) is asked again at a later run.
 */
export const ABANDON_LEASE_MS = 15 * 60_000;

/**
 * The expiry of abandoned payments (decision 039), on the outbox leader's housekeeping: purchase
 * and deposit invoices left open past the policy are claimed in batches (skip-locked and stamped,
 * safe on several nodes), their provider is asked to cancel each with no transaction open, and
 * its answer settles through the one settlement path — canceled ends the invoice `expired`, an
 * outcome the provider already had takes effect (a success is credited), `processing` waits.
 * A provider that cannot be reached leaves the invoice for the next run: logged, never lost.
 */
export function createPaymentExpiry(deps: {
  repo: Pick<PaymentRepo, 'db' | 'claimAbandoned'>;
  /** Purchases started and never paid (no invoice) end failed after the card window too. */
  purchases: Pick<ShopRepo, 'failUnpaid'>;
  outbox: OutboxRecorder;
  payment: Pick<PaymentDeps, 'provider' | 'settlement' | 'alerts'>;
  steps: Pick<PaymentSteps, 'onLockedInvoice'>;
  policy: AbandonPolicy;
  now: () => Date;
  onProviderFailure: (err: unknown, invoiceId: string) => void;
  batch?: number;
}) {
  const batch = deps.batch ?? ABANDON_BATCH;
  const { provider } = deps.payment;

  /** Unpaid purchases past the card window, a batch per transaction, each said on the outbox. */
  async function failUnpaid(): Promise<number> {
    let total = 0;
    for (;;) {
      const before = abandonCutoffs(deps.policy, deps.now()).card;
      const failed = await deps.repo.db.transaction(async (tx) => {
        const rows = await deps.purchases.failUnpaid(tx, before, batch);
        for (const row of rows) {
          await deps.outbox.record(tx, {
            type: 'bundle.purchase.updated',
            playerId: row.playerId,
            payload: { purchase: toBundlePurchase(row), playerId: row.playerId },
          });
        }
        return rows.length;
      });
      total += failed;
      if (failed < batch) return total;
    }
  }

  return {
    /**
     * Returns how many invoices were claimed, how many of them ended (canceled or not), how many
     * the provider could not be asked about, and how many unpaid purchases failed.
     */
    async run(): Promise<{ checked: number; ended: number; failed: number; unpaid: number }> {
      const totals = { checked: 0, ended: 0, failed: 0, unpaid: await failUnpaid() };
      for (;;) {
        const now = deps.now();
        const claimed = await deps.repo.claimAbandoned({
          provider: provider.name,
          cutoffs: abandonCutoffs(deps.policy, now),
          leaseBefore: new Date(now.getTime() - ABANDON_LEASE_MS),
          now,
          limit: batch,
        });
        for (const invoice of claimed) {
          totals.checked += 1;
          try {
            const done = await cancelThroughProvider(
              deps.payment,
              deps.steps,
              invoice,
              'abandoned',
            );
            if (isFinalInvoiceStatus(done.invoice.status)) totals.ended += 1;
          } catch (err) {
            totals.failed += 1;
            deps.onProviderFailure(err, invoice.id);
          }
        }
        if (claimed.length < batch) return totals;
      }
    },
  };
}
export type PaymentExpiry = ReturnType<typeof createPaymentExpiry>;
