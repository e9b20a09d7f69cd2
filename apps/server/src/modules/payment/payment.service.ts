import {
  InvoiceStatus,
  InvoiceType,
  PurchaseStatus,
  type CreateDepositInvoiceBody,
  type CreatePurchaseInvoiceBody,
  type Invoice,
  type PaymentMethod,
  type PaymentMethodList,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { LimitsRepo } from '../player/limits.repo.ts';
import { settleLimit } from '../player/limits.fns.ts';
import type { ShopRepo } from '../shop/shop.repo.ts';
import type { BigDepositAlerts } from './big-deposit-alert.ts';
import {
  invoiceUpdatedEvent,
  isFinalInvoiceStatus,
  toInvoice,
  type InvoiceRow,
} from '../invoice/invoice.fns.ts';
import { assertMayPay, type Payer } from '../invoice/payer.fns.ts';
import type { PayerRepo } from '../invoice/payer.repo.ts';
import {
  ADD_CARD_METHOD,
  CRYPTO_METHODS,
  PAYMENT_RETURN_PATH,
  fitsLimit,
  limitWindowStart,
} from './payment.fns.ts';
import { toBaseMinor } from '../wallet/wallet.fns.ts';
import {
  CashierSessionRefusedError,
  type PaymentProvider,
  type ProviderCustomer,
  type ProviderPaymentStart,
} from './payment-provider.ts';
import type { PaymentRepo } from './payment.repo.ts';
import type { Settled, Settlement } from './settlement.service.ts';

const customerOf = (payer: Payer): ProviderCustomer => ({ playerId: payer.id, email: payer.email });

/**
 * Purchase and deposit invoices (spec §7 Payment). An invoice is written first (under the
 * player's lock, where the purchase limit is checked), the provider is called with no database
 * transaction open, and its answer is applied through the one settlement path.
 */
export function createPaymentService(deps: {
  repo: PaymentRepo;
  payers: PayerRepo;
  purchases: ShopRepo;
  limits: Pick<LimitsRepo, 'listByPlayer'>;
  settlement: Settlement;
  alerts: BigDepositAlerts;
  provider: PaymentProvider;
  outbox: OutboxRecorder;
  publicUrl: string;
  now?: () => Date;
}) {
  const { repo, payers, provider } = deps;
  const now = deps.now ?? (() => new Date());
  const db: Database = repo.db;

  async function payerOf(actor: Actor): Promise<Payer> {
    return assertMayPay(await payers.find(actor.playerId));
  }

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

  /** The provider could not be reached: the invoice is rejected, the request may be retried. */
  async function providerFailed(invoice: InvoiceRow, err: unknown): Promise<never> {
    const settled = await onLockedInvoice(invoice.playerId, invoice.id, (tx, row) =>
      deps.settlement.settle(tx, row, {
        status: InvoiceStatus.Rejected,
        failureCode: 'provider_unavailable',
      }),
    );
    await deps.alerts.deliver(settled.alert);
    throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider cannot be reached; try again', {
      cause: err instanceof Error ? err.message : String(err),
    });
  }

  function answer(invoice: InvoiceRow): Invoice {
    if (invoice.status === InvoiceStatus.Rejected) {
      throw new AppError('PAYMENT_DECLINED', 'The payment was declined', {
        failureCode: invoice.failureCode,
        invoice: toInvoice(invoice),
      });
    }
    return toInvoice(invoice);
  }

  /** A saved card of this player at the provider, for a USD payment. */
  async function savedCard(payer: Payer, methodId: string): Promise<PaymentMethod> {
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
  }

  function checkAmount(method: PaymentMethod, amount: number) {
    if (amount < method.minAmount || amount > method.maxAmount) {
      throw AppError.invalid(
        'body.amount',
        `Between ${method.minAmount} and ${method.maxAmount} minor units with ${method.name}`,
      );
    }
  }

  return {
    async listPurchaseMethods(actor: Actor): Promise<PaymentMethodList> {
      const payer = await payerOf(actor);
      let cashier;
      try {
        cashier = await provider.openCashierSession(customerOf(payer));
      } catch (err) {
        if (err instanceof CashierSessionRefusedError) {
          throw new AppError(
            'PAYMENT_SESSION_REFUSED',
            'The payment provider refused the session',
            {
              errorCode: err.errorCode,
            },
          );
        }
        throw err;
      }
      const saved = await provider.listSavedMethods(customerOf(payer));
      return { data: [...saved, ADD_CARD_METHOD, ...CRYPTO_METHODS], cashier };
    },

    async createPurchaseInvoice(actor: Actor, body: CreatePurchaseInvoiceBody): Promise<Invoice> {
      const payer = await payerOf(actor);
      if (body.paymentMethodId.startsWith('crypto:')) {
        throw AppError.invalid('body.paymentMethodId', 'Bundles are paid by card');
      }
      const method = await savedCard(payer, body.paymentMethodId);
      const invoice = await db.transaction(async (tx) => {
        assertMayPay(await payers.lock(tx, actor.playerId));
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
        checkAmount(method, purchase.amount);
        const amountBase = await amountInBase(tx, purchase.amount, purchase.currency);
        await enforcePurchaseLimits(tx, actor.playerId, amountBase);
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
      const start = await provider
        .createCardPayment({
          invoiceId: invoice.id,
          customer: customerOf(payer),
          methodId: method.id,
          amount: invoice.amount,
          currency: invoice.currency,
          description: `Coinfall bundle purchase ${body.purchaseId}`,
          returnUrl: `${deps.publicUrl}${PAYMENT_RETURN_PATH}`,
        })
        .catch((err: unknown) => providerFailed(invoice, err));
      return answer(await applyCardStart(invoice.id, actor.playerId, start));
    },

    async createDepositInvoice(actor: Actor, body: CreateDepositInvoiceBody): Promise<Invoice> {
      const payer = await payerOf(actor);
      const crypto = CRYPTO_METHODS.find((m) => m.id === body.paymentMethodId);
      const method = crypto ?? (await savedCard(payer, body.paymentMethodId));
      if (!method.currencies.includes(body.currency)) {
        throw AppError.invalid(
          'body.currency',
          `${method.name} takes ${method.currencies.join(', ')}`,
        );
      }
      checkAmount(method, body.amount);
      const invoice = await db.transaction(async (tx) => {
        assertMayPay(await payers.lock(tx, actor.playerId));
        const amountBase = await amountInBase(tx, body.amount, body.currency);
        await enforcePurchaseLimits(tx, actor.playerId, amountBase);
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
        const start = await provider
          .createCardPayment({
            invoiceId: invoice.id,
            customer: customerOf(payer),
            methodId: method.id,
            amount: invoice.amount,
            currency: invoice.currency,
            description: 'Coinfall deposit',
            returnUrl: `${deps.publicUrl}${PAYMENT_RETURN_PATH}`,
          })
          .catch((err: unknown) => providerFailed(invoice, err));
        return answer(await applyCardStart(invoice.id, actor.playerId, start));
      }
      const deposit = await provider
        .createCryptoDeposit({
          invoiceId: invoice.id,
          customer: customerOf(payer),
          currency: invoice.currency,
          amount: invoice.amount,
        })
        .catch((err: unknown) => providerFailed(invoice, err));
      const row = await onLockedInvoice(actor.playerId, invoice.id, async (tx, locked) => {
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
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
