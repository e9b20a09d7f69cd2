import {
  InvoiceStatus,
  InvoiceType,
  type CreateDepositInvoiceBody,
  type Invoice,
} from '@coinfall/shared';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { invoiceUpdatedEvent, toInvoice } from '../../invoice/invoice.fns.ts';
import { assertMayPay } from '../../invoice/payer.fns.ts';
import { CRYPTO_METHODS, PAYMENT_RETURN_PATH } from '../payment.fns.ts';
import type { ProviderCryptoDeposit } from '../payment-provider.ts';
import { customerOf, type PaymentDeps, type PaymentSteps } from './payment-steps.ts';

/**
 * POST /api/payment/invoices/deposit: a saved card (as a purchase is paid) or a crypto address
 * the provider watches; the purchase limits count deposits too.
 */
export const createDepositInvoice =
  (deps: PaymentDeps, steps: PaymentSteps) =>
  async (actor: Actor, body: CreateDepositInvoiceBody): Promise<Invoice> => {
    const { repo, provider } = deps;
    const payer = await steps.payerOf(actor);
    const crypto = CRYPTO_METHODS.find((m) => m.id === body.paymentMethodId);
    const method = crypto ?? (await steps.savedCard(payer, body.paymentMethodId));
    if (!method.currencies.includes(body.currency)) {
      throw AppError.invalid(
        'body.currency',
        `${method.name} takes ${method.currencies.join(', ')}`,
      );
    }
    steps.checkAmount(method, body.amount);
    const invoice = await steps.db.transaction(async (tx) => {
      assertMayPay(await deps.payers.lock(tx, actor.playerId));
      const amountBase = await steps.amountInBase(tx, body.amount, body.currency);
      await steps.enforcePurchaseLimits(tx, actor.playerId, amountBase);
      return repo.insertInvoice(tx, {
        playerId: actor.playerId,
        type: InvoiceType.Deposit,
        status: InvoiceStatus.Pending,
        amount: body.amount,
        currency: body.currency,
        amountBase,
        paymentMethodId: method.id,
        paymentMethodType: method.type,
        paymentMethodName: method.name,
        provider: provider.name,
      });
    });
    if (!crypto) {
      return steps.answer(
        await steps.payByCard(invoice, {
          invoiceId: invoice.id,
          customer: customerOf(payer),
          methodId: method.id,
          amount: invoice.amount,
          currency: invoice.currency,
          description: 'Coinfall deposit',
          returnUrl: `${deps.publicUrl}${PAYMENT_RETURN_PATH}`,
        }),
      );
    }
    let deposit: ProviderCryptoDeposit;
    try {
      deposit = await provider.createCryptoDeposit({
        invoiceId: invoice.id,
        customer: customerOf(payer),
        currency: invoice.currency,
        amount: invoice.amount,
      });
    } catch (err) {
      return steps.answer(await steps.providerFailed(invoice, err));
    }
    const row = await steps.onLockedInvoice(actor.playerId, invoice.id, async (tx, locked) => {
      // A confirmation webhook may have come first and moved it on: keep what it saw.
      const seen =
        locked.nextAction?.type === 'crypto_address' ? locked.nextAction.confirmations : 0;
      const updated = await repo.updateInvoice(tx, locked.id, {
        providerRef: deposit.providerRef,
        nextAction: {
          type: 'crypto_address',
          address: deposit.address,
          network: deposit.network,
          confirmationsRequired: deposit.confirmationsRequired,
          confirmations: seen,
        },
      });
      await deps.outbox.record(tx, invoiceUpdatedEvent(updated));
      return updated;
    });
    return toInvoice(row);
  };
