import type { DirectCashierPaymentMethodBody } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import {
  THREE_DS_CODE,
  cardBehaviour,
  cardToken,
  cardBrand,
  isExpired,
  isKeyedAddress,
  newSandboxId,
  passesLuhn,
  paymentKeyMatches,
  toSavedMethod,
  verifyCashierToken,
} from './payment-sandbox.fns.ts';
import type { PaymentSandboxRepo, SandboxPaymentRow } from './payment-sandbox.repo.ts';
import type { SandboxWebhooks } from './payment-sandbox-webhooks.service.ts';

export type ThreeDsOutcome =
  { kind: 'done'; payment: SandboxPaymentRow } | { kind: 'wrong_code'; payment: SandboxPaymentRow };

/**
 * The sandbox as the browser calls it, on the provider's "own origin": saving and removing
 * cards (DirectCashier), the hosted 3-D Secure page, and the simulators that play the
 * acquirer's or the chain's part (settle a card or payout, send and confirm a crypto transfer).
 * Each acts only on what the platform gave its caller (docs/decisions/019): a payment whose key
 * the request carries, a deposit address, a cashier token; anything else is "not found".
 */
export function createSandboxCashier(deps: {
  repo: Pick<
    PaymentSandboxRepo,
    | 'removeMethod'
    | 'insertMethod'
    | 'findMethodByToken'
    | 'findPayment'
    | 'findPaymentByAddress'
    | 'move'
  >;
  webhooks: Pick<
    SandboxWebhooks,
    'settleCard' | 'settlePayout' | 'confirmCrypto' | 'seeTransfer' | 'nowSeconds'
  >;
  webhookSecret: string;
  now: () => Date;
}) {
  const { repo, webhooks } = deps;

  const customerOf = (token: string): string => {
    const customer = verifyCashierToken(deps.webhookSecret, token, webhooks.nowSeconds());
    if (!customer) throw new AppError('UNAUTHENTICATED', 'The cashier token is not valid');
    return customer;
  };

  /** The payment of `ref` when `key` is its own; undefined for a guessed or foreign one. */
  async function ownPayment(ref: string, key: string | undefined) {
    if (!paymentKeyMatches(deps.webhookSecret, ref, key)) return undefined;
    return repo.findPayment(ref);
  }

  /** The deposit of an address the sandbox minted with its key (never a derivable one). */
  async function ownDeposit(address: string) {
    const payment = await repo.findPaymentByAddress(address);
    if (!payment || !isKeyedAddress(deps.webhookSecret, payment)) {
      throw AppError.notFound('Address');
    }
    return payment;
  }

  return {
    /** POST {base}/DirectCashier/PaymentMethod: save (Luhn-checked, tokenised) or remove. */
    async directCashier(body: DirectCashierPaymentMethodBody) {
      const customerId = customerOf(body.token);
      if (body.action === 'remove') {
        if (!(await repo.removeMethod(customerId, body.methodId))) {
          throw AppError.notFound('Payment method');
        }
        return { methodId: body.methodId, fields: [] };
      }
      if (!passesLuhn(body.cardNumber)) {
        throw AppError.invalid('body.cardNumber', 'This is not a valid card number');
      }
      if (isExpired(body.expiryMonth, body.expiryYear, deps.now())) {
        throw AppError.invalid('body.expiryYear', 'This card has expired');
      }
      // The same card saved again is the card on file, not a second one (the token is its
      // fingerprint).
      const token = cardToken(deps.webhookSecret, body);
      const known = await repo.findMethodByToken(customerId, token);
      if (known) return { methodId: known.id, fields: toSavedMethod(known).fields };
      const row = await repo.insertMethod({
        id: newSandboxId('pm'),
        customerId,
        cardToken: token,
        brand: cardBrand(body.cardNumber),
        last4: body.cardNumber.slice(-4),
        expiryMonth: body.expiryMonth,
        expiryYear: body.expiryYear,
        holderName: body.holderName,
        // The behaviour of a test card is what a real token would stand for: its number.
        behaviour: cardBehaviour(body.cardNumber),
      });
      return { methodId: row.id, fields: toSavedMethod(row).fields };
    },

    findPayment: ownPayment,

    /** The hosted 3-D Secure step: the right code approves, Fail (or no approval) declines. */
    async completeThreeDs(
      ref: string,
      key: string | undefined,
      form: { decision?: string; code?: string },
    ): Promise<ThreeDsOutcome | null> {
      const payment = await ownPayment(ref, key);
      if (!payment || payment.kind !== 'card') return null;
      if (payment.status !== 'requires_action') return { kind: 'done', payment };
      if (form.decision === 'approve' && form.code?.trim() !== THREE_DS_CODE) {
        return { kind: 'wrong_code', payment };
      }
      const outcome = form.decision === 'approve' ? 'succeeded' : 'declined';
      await webhooks.settleCard(ref, outcome, 'authentication_failed');
      const after = await repo.findPayment(ref);
      return { kind: 'done', payment: after ?? payment };
    },

    /** Tests and the dev page: a processing card payment settles now. */
    async settlePayment(ref: string, key: string | undefined, outcome: 'succeeded' | 'declined') {
      const payment = await ownPayment(ref, key);
      if (!payment || payment.kind !== 'card') throw AppError.notFound('Payment');
      if (payment.status !== 'processing') {
        throw new AppError('CONFLICT', `The payment is ${payment.status}, not processing`);
      }
      const moved = await webhooks.settleCard(ref, outcome);
      if (!moved) throw new AppError('CONFLICT', 'The payment changed meanwhile');
      return moved;
    },

    async settlePayout(ref: string, key: string | undefined, outcome: 'succeeded' | 'failed') {
      const payment = await ownPayment(ref, key);
      if (!payment || payment.kind !== 'payout') throw AppError.notFound('Payout');
      const moved = await webhooks.settlePayout(ref, outcome);
      if (!moved) throw new AppError('CONFLICT', `The payout is ${payment.status}`);
      return moved;
    },

    /** The money reaches the address: seen on chain with 0 confirmations. */
    async transferCrypto(address: string) {
      const payment = await ownDeposit(address);
      const moved = await repo.move(payment.ref, ['awaiting_transfer'], { status: 'processing' });
      if (!moved) {
        throw new AppError(
          'CONFLICT',
          payment.status === 'canceled'
            ? 'This deposit address has expired: the deposit was canceled'
            : 'A transfer to this address was seen already',
        );
      }
      await webhooks.seeTransfer(moved, address);
      return moved;
    },

    async confirmCrypto(address: string) {
      await ownDeposit(address);
      return webhooks.confirmCrypto(address);
    },
  };
}
