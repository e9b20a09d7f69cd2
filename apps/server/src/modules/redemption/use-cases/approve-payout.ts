import { InvoiceStatus, type Invoice } from '@coinfall/shared';
import { AppError } from '../../../platform/errors.ts';
import { PAYOUT_TYPES } from '../../invoice/invoice.fns.ts';
import type { PayoutRequest } from '../../payment/payment-provider.ts';
import type { PayoutChangeHook, RedemptionDeps, RedemptionSteps } from './redemption-steps.ts';

const notWaiting = (status: number) =>
  new AppError('CONFLICT', `The payout is not waiting for approval (status ${status})`, { status });

/**
 * A staff member approves a pending payout (the back office, decision 031): the payment provider
 * is asked to send it, then the invoice moves to processing with the provider's reference. The
 * provider's payout.succeeded / payout.failed webhook settles it later (settle-payout.ts).
 *
 * The provider is called first, outside any transaction (no row lock held across a network call;
 * the embedded database has one connection). Its createPayout is idempotent per invoice, so two
 * approvals at once send one payout and the second finds the invoice processing (409). Should the
 * invoice update fail after the provider accepted, the invoice stays pending and the provider's
 * webhook still settles it (pending → success is a legal move).
 */
export const approvePayout =
  (deps: Pick<RedemptionDeps, 'repo'>, steps: Pick<RedemptionSteps, 'now' | 'publish'>) =>
  async (
    invoiceId: string,
    send: (request: PayoutRequest) => Promise<{ providerRef: string }>,
    alongside?: PayoutChangeHook,
  ): Promise<Invoice> => {
    const { db } = deps.repo;
    const request = await db.transaction(async (tx) => {
      const row = await deps.repo.lockInvoice(tx, invoiceId);
      if (!row || !PAYOUT_TYPES.includes(row.type)) throw AppError.notFound('Payout');
      if (row.status !== InvoiceStatus.Pending) throw notWaiting(row.status);
      const player = await deps.repo.findPlayer(tx, row.playerId);
      return {
        invoiceId: row.id,
        customer: { playerId: row.playerId, email: player?.email ?? null },
        methodId: row.paymentMethodId ?? 'bank',
        amount: row.amount,
        currency: row.currency,
      } satisfies PayoutRequest;
    });
    const { providerRef } = await send(request);
    return db.transaction(async (tx) => {
      const row = await deps.repo.lockInvoice(tx, invoiceId);
      if (!row) throw AppError.notFound('Payout');
      // A concurrent approval, or the provider's webhook already, moved it.
      if (row.status !== InvoiceStatus.Pending) throw notWaiting(row.status);
      const updated = await deps.repo.updateInvoice(tx, row.id, {
        status: InvoiceStatus.Processing,
        providerRef,
        updatedAt: steps.now(),
      });
      const invoice = await steps.publish(tx, updated);
      await alongside?.(tx, row.status, invoice);
      return invoice;
    });
  };
