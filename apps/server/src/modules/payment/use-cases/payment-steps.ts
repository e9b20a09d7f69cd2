import {
  InvoiceFailureCode,
  InvoiceStatus,
  type Invoice,
  type PaymentMethod,
} from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import type { OutboxRecorder } from '../../../platform/events/outbox.repo.ts';
import { invoiceUpdatedEvent, toInvoice, type InvoiceRow } from '../../invoice/invoice.fns.ts';
import { assertMayPay, type Payer } from '../../invoice/payer.fns.ts';
import type { PayerRepo } from '../../invoice/payer.repo.ts';
import { settleLimit } from '../../player/limits.fns.ts';
import type { LimitsRepo } from '../../player/limits.repo.ts';
import type { ShopRepo } from '../../shop/shop.repo.ts';
import { toBaseMinor } from '../../wallet/wallet.fns.ts';
import type { BigDepositAlerts } from '../big-deposit-alert.ts';
import type {
  CardPaymentRequest,
  PaymentProvider,
  ProviderCustomer,
  ProviderPaymentStart,
} from '../payment-provider.ts';
import { cancelOutcome, neverSent } from '../payment-cancel.fns.ts';
import { ADD_CARD_METHOD, fitsLimit, limitWindowStart } from '../payment.fns.ts';
import type { PaymentRepo } from '../payment.repo.ts';
import type { Settled, Settlement } from '../settlement.service.ts';
import { cancelThroughProvider } from './cancel-invoice.ts';

/** What paying needs, each as narrow as its use: a service test passes in-memory fakes. */
export interface PaymentDeps {
  repo: Pick<
    PaymentRepo,
    | 'db'
    | 'listCurrencies'
    | 'sumOpenAndPaidSince'
    | 'insertInvoice'
    | 'findInvoice'
    | 'lockInvoice'
    | 'updateInvoice'
  >;
  payers: Pick<PayerRepo, 'find' | 'lock'>;
  purchases: Pick<ShopRepo, 'lockOwnPurchase' | 'updatePurchase'>;
  limits: Pick<LimitsRepo, 'listByPlayer'>;
  settlement: Pick<Settlement, 'settle'>;
  alerts: Pick<BigDepositAlerts, 'deliver'>;
  provider: PaymentProvider;
  outbox: OutboxRecorder;
  publicUrl: string;
  now?: () => Date;
}

export const customerOf = (payer: Payer): ProviderCustomer => ({
  playerId: payer.id,
  email: payer.email,
});

/**
 * The steps the payment use-cases share: checks made under the player's lock (may pay, purchase
 * limits, amount in base), the provider's saved cards, and applying the provider's answer
 * through the one settlement path.
 */
export function createPaymentSteps(deps: PaymentDeps) {
  const { repo, payers, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const db: Database = repo.db;

  /** Refuses an invoice that would take the player over any of their purchase limits (R1). */
  async function enforcePurchaseLimits(tx: Database, playerId: string, amountBase: number) {
    const at = now();
    const currencies = await repo.listCurrencies(tx);
    const base = currencies.find((c) => c.isBase);
    if (!base) throw new Error('no base currency');
    for (const stored of await deps.limits.listByPlayer(playerId, tx)) {
      const limit = settleLimit(stored, at);
      if (!limit || limit.type !== 'purchase') continue;
      const own = currencies.find((c) => c.code === limit.currency);
      const limitBase =
        own && !own.isBase ? toBaseMinor(limit.amount, own, base.subunitToUnit) : limit.amount;
      const used = await repo.sumOpenAndPaidSince(tx, playerId, limitWindowStart(limit.period, at));
      if (!fitsLimit(used, amountBase, limitBase)) {
        throw new AppError(
          'LIMIT_EXCEEDED',
          `This payment would go over your ${limit.period} purchase limit`,
          {
            limitId: limit.id,
            period: limit.period,
            currency: base.code,
            remaining: Math.max(0, limitBase - used),
          },
        );
      }
    }
  }

  async function amountInBase(tx: Database, amount: number, currency: string): Promise<number> {
    const currencies = await repo.listCurrencies(tx);
    const own = currencies.find((c) => c.code === currency);
    const base = currencies.find((c) => c.isBase);
    if (!own?.isEnabled || !base)
      throw AppError.invalid('body.currency', `${currency} is not accepted`);
    return toBaseMinor(amount, own, base.subunitToUnit);
  }

  /** Runs `work` holding the player's lock, then the invoice's (the one lock order). */
  function onLockedInvoice<T>(
    playerId: string,
    invoiceId: string,
    work: (tx: Database, invoice: InvoiceRow) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await payers.lock(tx, playerId);
      const invoice = await repo.lockInvoice(tx, invoiceId);
      if (!invoice) throw new Error(`invoice ${invoiceId} vanished`);
      return work(tx, invoice);
    });
  }

  /** Applies the provider's first answer to a card payment. */
  async function applyCardStart(invoiceId: string, playerId: string, start: ProviderPaymentStart) {
    const settled = await onLockedInvoice(
      playerId,
      invoiceId,
      async (tx, invoice): Promise<Settled> => {
        const extra = { providerRef: start.providerRef };
        switch (start.status) {
          case 'requires_action': {
            if (invoice.status !== InvoiceStatus.Pending) {
              return { invoice, changed: false, alert: null };
            }
            const row = await repo.updateInvoice(tx, invoice.id, {
              ...extra,
              nextAction: { type: 'redirect', url: start.redirectUrl },
            });
            await deps.outbox.record(tx, invoiceUpdatedEvent(row));
            return { invoice: row, changed: true, alert: null };
          }
          case 'processing':
            return deps.settlement.settle(tx, invoice, { status: InvoiceStatus.Processing }, extra);
          case 'succeeded':
            return deps.settlement.settle(tx, invoice, { status: InvoiceStatus.Success }, extra);
          case 'declined':
            return deps.settlement.settle(
              tx,
              invoice,
              { status: InvoiceStatus.Rejected, failureCode: start.declineCode },
              extra,
            );
        }
      },
    );
    await deps.alerts.deliver(settled.alert);
    return settled.invoice;
  }

  /**
   * The provider's first answer never came (unreachable, a timeout, a reset connection), so it
   * may have taken the payment all the same. It is asked to cancel it by invoice (no reference
   * came back): one it never started ends `provider_unavailable` and answers 503 (the player may
   * try again); one it had taken settles as it says — a success is credited, and answered. If it
   * cannot be asked either, the invoice stays open (503) for the abandoned-payments expiry, which
   * asks again later: an invoice is never rejected blind while the money may have moved.
   */
  async function providerFailed(invoice: InvoiceRow, err: unknown): Promise<InvoiceRow> {
    const unavailable = () =>
      new AppError('SERVICE_UNAVAILABLE', 'The payment provider cannot be reached; try again', {
        cause: err instanceof Error ? err.message : String(err),
      });
    if (neverSent(err)) {
      // Nothing reached the provider: the invoice ends now, so a retry is not held behind it.
      const settled = await onLockedInvoice(invoice.playerId, invoice.id, (tx, row) =>
        deps.settlement.settle(tx, row, {
          status: InvoiceStatus.Rejected,
          failureCode: InvoiceFailureCode.ProviderUnavailable,
        }),
      );
      await deps.alerts.deliver(settled.alert);
      throw unavailable();
    }
    const canceled = await cancelThroughProvider(
      deps,
      { onLockedInvoice },
      invoice,
      'abandoned',
      (answer) =>
        answer.status === 'canceled'
          ? { status: InvoiceStatus.Rejected, failureCode: InvoiceFailureCode.ProviderUnavailable }
          : cancelOutcome(answer),
    ).catch(() => null);
    if (!canceled || canceled.answer.status === 'canceled') throw unavailable();
    return canceled.invoice;
  }

  /**
   * Starts the invoice's card payment at the provider (no transaction open) and applies its
   * answer; an answer that never came is resolved by `providerFailed`.
   */
  async function payByCard(invoice: InvoiceRow, request: CardPaymentRequest): Promise<InvoiceRow> {
    let start: ProviderPaymentStart;
    try {
      start = await provider.createCardPayment(request);
    } catch (err) {
      return providerFailed(invoice, err);
    }
    return applyCardStart(invoice.id, invoice.playerId, start);
  }

  return {
    db,
    payerOf: async (actor: Actor): Promise<Payer> =>
      assertMayPay(await payers.find(actor.playerId)),
    enforcePurchaseLimits,
    amountInBase,
    onLockedInvoice,
    applyCardStart,
    payByCard,
    providerFailed,

    answer(invoice: InvoiceRow): Invoice {
      if (invoice.status === InvoiceStatus.Rejected) {
        throw new AppError('PAYMENT_DECLINED', 'The payment was declined', {
          failureCode: invoice.failureCode,
          invoice: toInvoice(invoice),
        });
      }
      return toInvoice(invoice);
    },

    /** A saved card of this player at the provider, for a USD payment. */
    async savedCard(payer: Payer, methodId: string): Promise<PaymentMethod> {
      if (methodId === ADD_CARD_METHOD.id) {
        throw AppError.invalid(
          'body.paymentMethodId',
          'Save the card first (DirectCashier) and pay with its id',
        );
      }
      const method = (await provider.listSavedMethods(customerOf(payer))).find(
        (m) => m.id === methodId,
      );
      if (!method) throw AppError.invalid('body.paymentMethodId', 'No such saved payment method');
      return method;
    },

    checkAmount(method: PaymentMethod, amount: number) {
      if (amount < method.minAmount || amount > method.maxAmount) {
        throw AppError.invalid(
          'body.amount',
          `Between ${method.minAmount} and ${method.maxAmount} minor units with ${method.name}`,
        );
      }
    },
  };
}
export type PaymentSteps = ReturnType<typeof createPaymentSteps>;
