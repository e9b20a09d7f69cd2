import { randomUUID } from 'node:crypto';
import {
  InvoiceStatus,
  InvoiceType,
  REDEEM_MIN_AMOUNT,
  type CreateVirtualPayoutBody,
  type Invoice,
} from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import { SEGMENT_IDS } from '../../../db/seed/reference-data.ts';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { withdrawalMethodFor } from '../../invoice/withdrawal-methods.fns.ts';
import {
  DAILY_PAYOUT_LIMIT_BASE_MINOR,
  PAYOUT_PROVIDER,
  isBlocked,
  isLimited,
  isRedeemCurrency,
  missingVerification,
} from '../redemption.fns.ts';
import type { RedemptionDeps, RedemptionSteps } from './redemption-steps.ts';

/**
 * POST /api/payment/invoices/virtual-payout: SC is a redemption (virtual payout), any other
 * currency a withdrawal. The money is held at once (player → redemptions_clearing).
 */
export const createPayout = (deps: RedemptionDeps, steps: RedemptionSteps) => {
  const { repo, ledger } = deps;
  const { assess, publish } = steps;

  /** Refuses the payout, or answers the W-9 refusal to throw once the segment is committed. */
  async function checkPayout(tx: Database, actor: Actor, body: CreateVirtualPayoutBody) {
    const method = withdrawalMethodFor(body.paymentMethodId, body.currency);
    const redeem = isRedeemCurrency(body.currency);
    const minAmount = redeem ? Math.max(REDEEM_MIN_AMOUNT, method.minAmount) : method.minAmount;
    if (body.amount < minAmount || body.amount > method.maxAmount) {
      throw AppError.invalid(
        'body.amount',
        `Between ${minAmount} and ${method.maxAmount} minor units of ${body.currency}`,
      );
    }
    const a = await assess(tx, actor.playerId, body.amount, body.currency);
    if (isBlocked(a.player)) throw new AppError('ACCOUNT_BLOCKED', 'The account is blocked');
    if (isLimited(a.player)) {
      throw new AppError('ACCOUNT_LIMITED', 'This account may play, but not redeem or withdraw');
    }
    // Before verification and W-9: where redeeming is refused, completing those would not help.
    // Withdrawals of cash currencies are not sweepstakes redemptions and do not ask.
    if (redeem) await deps.assertRedemptions?.(tx, actor.playerId);
    const missing = missingVerification(a.player);
    if (missing.length > 0) {
      throw new AppError('VERIFICATION_REQUIRED', `Verify first: ${missing.join(', ')}`, {
        missing,
      });
    }
    if (a.w9.needed) {
      // The threshold puts the player in the segment for good, even though this call refuses.
      if (a.w9.overThreshold && !a.w9.inRequiredSegment) {
        await deps.segments.addPlayer(tx, actor.playerId, SEGMENT_IDS.w9Required);
      }
      return { method, refusal: new AppError('W9_REQUIRED', 'A W-9 is needed before this payout') };
    }
    if (redeem) {
      // An early, unlocked read for a precise refusal; the hold re-checks after its debit.
      const { redeemable } = await deps.playthrough.standing(tx, actor.playerId);
      if (body.amount > redeemable) {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Only ${redeemable} SC minor units are redeemable`,
          {
            redeemable,
          },
        );
      }
    }
    if (a.requestBase > a.dailyRemaining) {
      throw new AppError('LIMIT_EXCEEDED', 'Over the daily payout limit', {
        dailyLimit: DAILY_PAYOUT_LIMIT_BASE_MINOR,
        dailyRemaining: a.dailyRemaining,
      });
    }
    return { method, requestBase: a.requestBase, at: a.at, refusal: null };
  }

  return async (actor: Actor, body: CreateVirtualPayoutBody): Promise<Invoice> => {
    const result = await repo.db.transaction(async (tx) => {
      if (!(await deps.players.lockRow(tx, actor.playerId))) {
        throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      }
      const check = await checkPayout(tx, actor, body);
      if (check.refusal) return check.refusal;
      if (isRedeemCurrency(body.currency)) {
        await deps.beforeRedemption?.(tx, actor.playerId, body.forfeitBonuses ?? false);
      }
      const account = await repo.findAccount(tx, actor.playerId, body.currency);
      if (!account) {
        throw new AppError('INSUFFICIENT_FUNDS', `There is no ${body.currency} account`);
      }
      const id = randomUUID();
      const { transaction } = await ledger.post(tx, {
        idempotencyKey: `invoice:${id}:hold`,
        kind: 'redemption.hold',
        playerId: actor.playerId,
        entries: [
          { account: { accountId: account.id }, currency: body.currency, amount: -body.amount },
          {
            account: { house: 'redemptions_clearing' },
            currency: body.currency,
            amount: body.amount,
          },
        ],
        metadata: { invoiceId: id },
      });
      if (isRedeemCurrency(body.currency)) {
        await deps.playthrough.afterRedemptionDebit(tx, actor.playerId, check.at);
      }
      const row = await repo.insertInvoice(tx, {
        id,
        playerId: actor.playerId,
        type: isRedeemCurrency(body.currency) ? InvoiceType.VirtualPayout : InvoiceType.Withdrawal,
        status: InvoiceStatus.Pending,
        amount: body.amount,
        currency: body.currency,
        amountBase: check.requestBase,
        paymentMethodId: check.method.id,
        paymentMethodType: check.method.type,
        paymentMethodName: check.method.name,
        provider: PAYOUT_PROVIDER,
        ledgerTransactionId: transaction.transactionId,
        createdAt: check.at,
        updatedAt: check.at,
      });
      return publish(tx, row);
    });
    if (result instanceof AppError) throw result;
    return result;
  };
};
