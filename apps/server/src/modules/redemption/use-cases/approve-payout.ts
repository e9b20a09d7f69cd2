import { InvoiceStatus, type Invoice } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import { exclusionDetails, isExcluded } from '../../../platform/auth.fns.ts';
import { AppError } from '../../../platform/errors.ts';
import { PAYOUT_TYPES, type InvoiceRow } from '../../invoice/invoice.fns.ts';
import {
  isBlocked,
  isClaimFresh,
  isLimited,
  isRedeemCurrency,
  payoutDeadline,
} from '../redemption.fns.ts';
import {
  PayoutRefusedError,
  type PaymentProvider,
  type PayoutRequest,
} from '../../payment/payment-provider.ts';
import type { PayoutChangeHook, RedemptionDeps, RedemptionSteps } from './redemption-steps.ts';

const notWaiting = (status: number) =>
  new AppError('CONFLICT', `The payout is not waiting for approval (status ${status})`, { status });

type StandingDeps = Pick<RedemptionDeps, 'repo' | 'players' | 'assertRedemptions'>;

/**
 * The player's standing, checked again at approval (decision 052): what would refuse the request
 * now refuses sending the money — a block or Limited status, a break or self-exclusion in force,
 * a place that refuses Sweeps Coins redemptions (its wind-down window still open counts as
 * allowed). Each refusal names why, for the staff member; the payout stays pending, to reject
 * (the held coins go back) or approve once the reason is gone.
 */
async function assertPlayerMayBePaid(deps: StandingDeps, tx: Database, row: InvoiceRow, at: Date) {
  const player = await deps.repo.findPlayer(tx, row.playerId);
  if (!player) throw AppError.notFound('Player');
  if (isBlocked(player)) {
    throw new AppError(
      'ACCOUNT_BLOCKED',
      'The player’s account is blocked: the payout is not sent',
    );
  }
  if (isLimited(player)) {
    throw new AppError(
      'ACCOUNT_LIMITED',
      'The player’s account is Limited (plays, redeems nothing): the payout is not sent',
    );
  }
  if (player.excludedUntil && isExcluded(player.excludedUntil, at.getTime())) {
    const details = exclusionDetails(player.excludedUntil);
    throw new AppError(
      'PLAYER_EXCLUDED',
      `The player is on a break or self-excluded (${details.endsAt ? `until ${details.endsAt}` : 'indefinitely'}): the payout is not sent`,
      details,
    );
  }
  if (!isRedeemCurrency(row.currency)) return player;
  try {
    await deps.assertRedemptions?.(tx, row.playerId);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'REDEMPTION_NOT_ALLOWED') throw err;
    const { region, country } = (err.details ?? {}) as { region?: string; country?: string };
    const place = [region, country].filter(Boolean).join(', ') || 'unknown';
    throw new AppError(
      'REDEMPTION_NOT_ALLOWED',
      `Sweeps Coins redemptions are not allowed where the player is (${place}), and no wind-down window is open: the payout is not sent`,
      err.details,
    );
  }
  return player;
}

/** What an approval needs of the payment provider. */
export type PayoutProvider = Pick<PaymentProvider, 'createPayout' | 'findPayout'>;

/**
 * A staff member approves a pending payout (the back office, decision 031): the payment provider
 * is asked to send it, then the invoice moves to processing with the provider's reference. The
 * provider's payout.succeeded / payout.failed webhook settles it later (settle-payout.ts).
 *
 * The provider is called outside any transaction (no row lock held across a network call; the
 * embedded database has one connection), so the first transaction claims the payout
 * (`payout_sent_at`, decision 070): from then on the player's decline and a staff reject are
 * refused — the provider may be paying — and another approval is refused too. A provider that
 * refuses outright releases the claim (pending again, to reject or approve later); any other
 * failure keeps it, the outcome being unknown. A claim past its window (its approval went quiet)
 * is resolved by asking the provider first (`resolveLapsedClaim`), never by sending again blind.
 * Should the last update fail after the provider accepted, the webhook still settles the
 * invoice (pending → success is a legal move).
 */
export const approvePayout = (
  deps: StandingDeps,
  steps: Pick<RedemptionSteps, 'now' | 'publish'>,
) => {
  const resolve = resolveLapsedClaim(deps, steps);
  const toProcessing = moveToProcessing(deps, steps);
  return async (
    invoiceId: string,
    provider: PayoutProvider,
    alongside?: PayoutChangeHook,
  ): Promise<Invoice> => {
    const { db } = deps.repo;
    const found = await resolve(invoiceId, provider, alongside);
    if (found) return found;
    const claimedAt = steps.now();
    const request = await db.transaction(async (tx) => {
      const row = await deps.repo.lockInvoice(tx, invoiceId);
      if (!row || !PAYOUT_TYPES.includes(row.type)) throw AppError.notFound('Payout');
      if (row.status !== InvoiceStatus.Pending) throw notWaiting(row.status);
      if (row.payoutSentAt) {
        throw new AppError('CONFLICT', 'Another approval is sending this payout', {
          status: row.status,
          payoutSentAt: row.payoutSentAt.toISOString(),
        });
      }
      // Under the player's lock: a block committing meanwhile is seen, not read past.
      await deps.players.lockRow(tx, row.playerId);
      const player = await assertPlayerMayBePaid(deps, tx, row, claimedAt);
      await deps.repo.updateInvoice(tx, row.id, { payoutSentAt: claimedAt, updatedAt: claimedAt });
      return {
        invoiceId: row.id,
        customer: { playerId: row.playerId, email: player.email },
        methodId: row.paymentMethodId ?? 'bank',
        amount: row.amount,
        currency: row.currency,
        notAfter: payoutDeadline(claimedAt),
      } satisfies PayoutRequest;
    });
    let providerRef: string;
    try {
      ({ providerRef } = await provider.createPayout(request));
    } catch (err) {
      if (!(err instanceof PayoutRefusedError)) throw err;
      // This claim was the payout's first (or came after the provider said it held none):
      // nothing else can be in flight, so the refusal means nothing is sent.
      await releaseClaim(deps, invoiceId, claimedAt, steps.now());
      throw new AppError('PAYMENT_DECLINED', 'The payment provider refused the payout', {
        failureCode: err.failureCode,
      });
    }
    return toProcessing(invoiceId, providerRef, alongside);
  };
};

/** The invoice moves to processing with the provider's reference (the audit hook alongside). */
const moveToProcessing =
  (deps: StandingDeps, steps: Pick<RedemptionSteps, 'now' | 'publish'>) =>
  (invoiceId: string, providerRef: string, alongside?: PayoutChangeHook): Promise<Invoice> =>
    deps.repo.db.transaction(async (tx) => {
      const row = await deps.repo.lockInvoice(tx, invoiceId);
      if (!row) throw AppError.notFound('Payout');
      // The provider's webhook already moved it.
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

/**
 * A pending payout whose claim is past its window: its approval went quiet (a node gone, a
 * timeout) with the provider's outcome unknown. The claim is renewed (so no one else acts
 * meanwhile) and the provider asked: a payout it holds moves the invoice to processing (answered
 * here), one it never received releases the claim (null: nothing was sent, the payout waits for
 * a decision again — approve, or reject). Any other payout: null, nothing done.
 *
 * "Never received" is final because the quiet approval's request carried a `notAfter` long past
 * by now (PAYOUT_SEND_DEADLINE_MS): were it still on its way, the provider would refuse it.
 */
export const resolveLapsedClaim = (
  deps: StandingDeps,
  steps: Pick<RedemptionSteps, 'now' | 'publish'>,
) => {
  const toProcessing = moveToProcessing(deps, steps);
  return async (
    invoiceId: string,
    provider: Pick<PayoutProvider, 'findPayout'>,
    alongside?: PayoutChangeHook,
  ): Promise<Invoice | null> => {
    const renewedAt = steps.now();
    const lapsed = await deps.repo.db.transaction(async (tx) => {
      const row = await deps.repo.lockInvoice(tx, invoiceId);
      if (row?.status !== InvoiceStatus.Pending || !row.payoutSentAt) return false;
      if (isClaimFresh(row.payoutSentAt, renewedAt.getTime())) return false;
      await deps.repo.updateInvoice(tx, row.id, { payoutSentAt: renewedAt, updatedAt: renewedAt });
      return true;
    });
    if (!lapsed) return null;
    const held = await provider.findPayout(invoiceId);
    if (held) return toProcessing(invoiceId, held.providerRef, alongside);
    await releaseClaim(deps, invoiceId, renewedAt, steps.now());
    return null;
  };
};

/** Nothing was sent: the payout is pending again, unless an answer or a later claim came. */
async function releaseClaim(deps: StandingDeps, invoiceId: string, claimedAt: Date, at: Date) {
  await deps.repo.db.transaction(async (tx) => {
    const row = await deps.repo.lockInvoice(tx, invoiceId);
    if (row?.status !== InvoiceStatus.Pending) return;
    if (row.payoutSentAt?.getTime() !== claimedAt.getTime()) return;
    await deps.repo.updateInvoice(tx, row.id, { payoutSentAt: null, updatedAt: at });
  });
}
