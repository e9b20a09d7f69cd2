import {
  InvoiceStatus,
  InvoiceType,
  PurchaseStatus,
  type CreatePurchaseInvoiceBody,
  type Invoice,
} from '@coinfall/shared';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { isFinalInvoiceStatus } from '../../invoice/invoice.fns.ts';
import { assertMayPay } from '../../invoice/payer.fns.ts';
import { PAYMENT_RETURN_PATH } from '../payment.fns.ts';
import { customerOf, type PaymentDeps, type PaymentSteps } from './payment-steps.ts';

/**
 * POST /api/payment/invoices/purchase: pays a bundle purchase by saved card. The invoice is
 * written under the player's lock (where the purchase limits are checked), the provider is
 * called with no transaction open, and its answer is applied through settlement.
 */
export const createPurchaseInvoice =
  (deps: PaymentDeps, steps: PaymentSteps) =>
  async (actor: Actor, body: CreatePurchaseInvoiceBody): Promise<Invoice> => {
    const { repo, provider } = deps;
    const payer = await steps.payerOf(actor);
    if (body.paymentMethodId.startsWith('crypto:')) {
      throw AppError.invalid('body.paymentMethodId', 'Bundles are paid by card');
    }
    const method = await steps.savedCard(payer, body.paymentMethodId);
    const invoice = await steps.db.transaction(async (tx) => {
      assertMayPay(await deps.payers.lock(tx, actor.playerId));
      const purchase = await deps.purchases.lockOwnPurchase(tx, actor.playerId, body.purchaseId);
      if (!purchase) throw AppError.notFound('Purchase');
      if (purchase.status !== PurchaseStatus.InProgress) {
        throw new AppError('CONFLICT', 'This purchase is finished; start a new one');
      }
      if (purchase.invoiceId) {
        const current = await repo.findInvoice(purchase.invoiceId, tx);
        if (current && !isFinalInvoiceStatus(current.status)) {
          throw new AppError('CONFLICT', 'This purchase is being paid already', {
            invoiceId: current.id,
          });
        }
      }
      steps.checkAmount(method, purchase.amount);
      const amountBase = await steps.amountInBase(tx, purchase.amount, purchase.currency);
      await steps.enforcePurchaseLimits(tx, actor.playerId, amountBase);
      const row = await repo.insertInvoice(tx, {
        playerId: actor.playerId,
        type: InvoiceType.Purchase,
        status: InvoiceStatus.Pending,
        amount: purchase.amount,
        currency: purchase.currency,
        amountBase,
        paymentMethodId: method.id,
        paymentMethodType: method.type,
        paymentMethodName: method.name,
        purchaseId: purchase.id,
        provider: provider.name,
      });
      await deps.purchases.updatePurchase(tx, purchase.id, { invoiceId: row.id });
      return row;
    });
    return steps.answer(
      await steps.payByCard(invoice, {
        invoiceId: invoice.id,
        customer: customerOf(payer),
        methodId: method.id,
        amount: invoice.amount,
        currency: invoice.currency,
        description: `Coinfall bundle purchase ${body.purchaseId}`,
        returnUrl: `${deps.publicUrl}${PAYMENT_RETURN_PATH}`,
      }),
    );
  };
