import { randomUUID } from 'node:crypto';
import {
  InvoiceStatus,
  InvoiceType,
  REDEEM_CURRENCY,
  REDEEM_MIN_AMOUNT,
  type CreateVirtualPayoutBody,
  type Invoice,
  type RedeemLimits,
  type RedeemLimitsQuery,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { SEGMENT_IDS } from '../../db/seed/reference-data.ts';
import type { Actor } from '../../platform/auth.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import {
  PAYOUT_TYPES,
  canMoveInvoice,
  invoiceUpdatedEvent,
  toInvoice,
  type InvoiceRow,
} from '../invoice/invoice.fns.ts';
import { withdrawalMethodFor } from '../invoice/withdrawal-methods.fns.ts';
import type { SegmentsRepo } from '../segments/segments.repo.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import type { PlaythroughService } from '../sweeps/playthrough.service.ts';
import {
  DAILY_PAYOUT_LIMIT_BASE_MINOR,
  DAILY_WINDOW_MS,
  PAYOUT_PROVIDER,
  isBlocked,
  isRedeemCurrency,
  missingVerification,
  redeemRefusals,
  valueInBase,
} from './redemption.fns.ts';
import type { RedemptionRepo } from './redemption.repo.ts';
import type { W9Service } from './w9.service.ts';

export type PayoutOutcome = 'success' | 'rejected';
const DECLINED_BY_PLAYER = 'declined_by_player';

/**
 * Sweeps Coins redemptions and fiat/crypto withdrawals (docs/decisions/012): checked and held
 * under the player's row lock, then declined by the player or settled by whoever pays them out.
 */
export function createRedemptionService(deps: {
  repo: RedemptionRepo;
  players: PlayerRowLock;
  ledger: Pick<LedgerService, 'post'>;
  playthrough: Pick<PlaythroughService, 'standing' | 'afterRedemptionDebit'>;
  w9: Pick<W9Service, 'assess'>;
  segments: Pick<SegmentsRepo, 'addPlayer'>;
  outbox: OutboxRecorder;
  now?: () => Date;
}) {
  const { repo, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  async function playerOf(tx: Database, playerId: string) {
    const player = await repo.findPlayer(tx, playerId);
    if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
    return player;
  }

  /** Everything the rules weigh for a payout of `amount` in `currency`, read in `tx`. */
  async function assess(tx: Database, playerId: string, amount: number, currency: string) {
    const player = await playerOf(tx, playerId);
    const at = now();
    const rates = await repo.listCurrencies(tx);
    const requestBase = valueInBase(amount, currency, rates);
    const w9 = await deps.w9.assess(tx, player, requestBase);
    const dayBase = await repo.payoutBaseSince(
      tx,
      playerId,
      new Date(at.getTime() - DAILY_WINDOW_MS),
    );
    const dailyRemaining = Math.max(0, DAILY_PAYOUT_LIMIT_BASE_MINOR - dayBase);
    return { player, at, requestBase, w9, dailyRemaining };
  }

  async function publish(tx: Database, row: InvoiceRow): Promise<Invoice> {
    const event = invoiceUpdatedEvent(row);
    await deps.outbox.record(tx, event);
    return event.payload.invoice;
  }

  /** Moves the held money of a payout out of redemptions_clearing, to the house or back. */
  async function moveHeld(tx: Database, row: InvoiceRow, outcome: PayoutOutcome | 'declined') {
    const account = await repo.findAccount(tx, row.playerId, row.currency);
    if (!account) throw new Error(`payout ${row.id} has no ${row.currency} account to release to`);
    const to = outcome === 'success' ? { house: 'bankroll' as const } : { accountId: account.id };
    const { transaction } = await ledger.post(tx, {
      idempotencyKey: `invoice:${row.id}:${outcome}`,
      kind: outcome === 'success' ? 'redemption.paid' : 'redemption.released',
      playerId: row.playerId,
      entries: [
        { account: { house: 'redemptions_clearing' }, currency: row.currency, amount: -row.amount },
        { account: to, currency: row.currency, amount: row.amount },
      ],
      metadata: { invoiceId: row.id },
    });
    return transaction.transactionId;
  }

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

  return {
    /**
     * POST /api/payment/invoices/virtual-payout: SC is a redemption (virtual payout), any other
     * currency a withdrawal. The money is held at once (player → redemptions_clearing).
     */
    async createPayout(actor: Actor, body: CreateVirtualPayoutBody): Promise<Invoice> {
      const result = await repo.db.transaction(async (tx) => {
        if (!(await deps.players.lockRow(tx, actor.playerId))) {
          throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
        }
        const check = await checkPayout(tx, actor, body);
        if (check.refusal) return check.refusal;
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
          type: isRedeemCurrency(body.currency)
            ? InvoiceType.VirtualPayout
            : InvoiceType.Withdrawal,
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
    },

    /** PUT /api/payment/invoices/{id}/decline: the owner takes back a pending payout. */
    decline: (actor: Actor, id: string): Promise<Invoice> =>
      repo.db.transaction(async (tx) => {
        const row = await repo.lockInvoice(tx, id, actor.playerId);
        if (!row) throw AppError.notFound('Invoice');
        if (!PAYOUT_TYPES.includes(row.type)) {
          throw new AppError('CONFLICT', 'Only a withdrawal or redemption can be declined');
        }
        if (row.status !== InvoiceStatus.Pending) {
          throw new AppError('CONFLICT', 'Only a pending payout can be declined', {
            status: row.status,
          });
        }
        const at = now();
        const settlementTransactionId = await moveHeld(tx, row, 'declined');
        const updated = await repo.updateInvoice(tx, id, {
          status: InvoiceStatus.Rejected,
          failureCode: DECLINED_BY_PLAYER,
          processedAt: at,
          settlementTransactionId,
          updatedAt: at,
        });
        return publish(tx, updated);
      }),

    /**
     * Settles a payout once whoever pays it decides: success pays the held money out
     * (redemptions_clearing → bankroll), rejected releases it to the player. Idempotent: the same
     * outcome again changes nothing; the other outcome after a final one is a CONFLICT.
     */
    settlePayout: (invoiceId: string, outcome: PayoutOutcome, reason?: string): Promise<Invoice> =>
      repo.db.transaction(async (tx) => {
        const row = await repo.lockInvoice(tx, invoiceId);
        if (!row) throw AppError.notFound('Invoice');
        if (!PAYOUT_TYPES.includes(row.type)) {
          throw new AppError('CONFLICT', 'The invoice is not a payout');
        }
        const to = outcome === 'success' ? InvoiceStatus.Success : InvoiceStatus.Rejected;
        if (row.status === to && row.failureCode !== DECLINED_BY_PLAYER) return toInvoice(row);
        if (!canMoveInvoice(row.status, to)) {
          throw new AppError('CONFLICT', `The payout is final already (status ${row.status})`, {
            status: row.status,
          });
        }
        const at = now();
        const settlementTransactionId = await moveHeld(tx, row, outcome);
        const updated = await repo.updateInvoice(tx, invoiceId, {
          status: to,
          failureCode: outcome === 'rejected' ? (reason ?? 'rejected') : null,
          processedAt: at,
          settlementTransactionId,
          updatedAt: at,
        });
        return publish(tx, updated);
      }),

    /** GET /api/redeem-limits: whether `amount` SC may be redeemed now; changes nothing. */
    limits: (actor: Actor, query: RedeemLimitsQuery): Promise<RedeemLimits> =>
      repo.db.transaction(async (tx) => {
        if (query.userId !== actor.playerId) {
          throw new AppError('FORBIDDEN', 'Only your own redemption limits can be read');
        }
        const a = await assess(tx, actor.playerId, query.amount, REDEEM_CURRENCY);
        const { redeemable } = await deps.playthrough.standing(tx, actor.playerId);
        const refusals = redeemRefusals({
          player: a.player,
          w9Needed: a.w9.needed,
          amount: query.amount,
          minAmount: REDEEM_MIN_AMOUNT,
          redeemable,
          dailyRemaining: a.dailyRemaining,
        });
        return {
          currency: REDEEM_CURRENCY,
          amount: query.amount,
          minAmount: REDEEM_MIN_AMOUNT,
          maxAmount: Math.min(redeemable, a.dailyRemaining),
          dailyLimit: DAILY_PAYOUT_LIMIT_BASE_MINOR,
          dailyRemaining: a.dailyRemaining,
          w9Required: a.w9.inRequiredSegment || a.w9.overThreshold,
          w9Received: a.w9.received,
          allowed: refusals.length === 0,
          refusals,
        };
      }),
  };
}
export type RedemptionService = ReturnType<typeof createRedemptionService>;
