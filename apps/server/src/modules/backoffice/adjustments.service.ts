import {
  REDEEM_CURRENCY,
  type Adjustment,
  type AdjustmentBody,
  type AdjustmentSort,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AdjustmentStatus } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import {
  ADJUSTMENT_APPROVAL_WINDOW_MS,
  FOUR_EYES_WINDOW_MS,
  adjustmentState,
  needsSecondPair,
} from './adjustments.fns.ts';
import type { AdjustmentRow, AdjustmentsRepo } from './adjustments.repo.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';

const toAdjustment = (row: AdjustmentRow, nowMs: number): Adjustment => ({
  id: row.id,
  playerId: row.playerId,
  currency: row.currency,
  amount: row.amount,
  reason: row.reason,
  status: adjustmentState(row, nowMs),
  requestedBy: row.requestedBy,
  approvedBy: row.approvedBy,
  requestedAt: row.requestedAt.toISOString(),
  appliedAt: row.appliedAt?.toISOString() ?? null,
  ledgerTransactionId: row.ledgerTransactionId,
});

/**
 * Manual balance adjustments (issue 17): a posting between the player's account and the house's
 * promotions account, through the ledger (no negative balance: a debit past it is refused).
 * Above `fourEyesAbove` minor units (either sign, added to what the player's balance took without
 * approval over the last day: decision 070) it waits until a second staff member approves, for
 * `ADJUSTMENT_APPROVAL_WINDOW_MS`; then it expires.
 * A Sweeps Coins credit is recorded as a sweeps credit of source 'adjustment' (played through
 * 1× before it can be redeemed, like any SC credit).
 */
export function createAdjustmentsService(deps: {
  db: Database;
  repo: AdjustmentsRepo;
  audit: Pick<AuditRepo, 'insert'>;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  players: PlayerRowLock;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  fourEyesAbove: number;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());
  const shown = (row: AdjustmentRow) => toAdjustment(row, now().getTime());

  /** The pending adjustment under its row lock; 409 once decided or expired. */
  async function lockPending(tx: Database, adjustmentId: string): Promise<AdjustmentRow> {
    const row = await repo.lock(tx, adjustmentId);
    if (!row) throw AppError.notFound('Adjustment');
    const state = adjustmentState(row, now().getTime());
    if (state === 'expired') {
      throw new AppError(
        'CONFLICT',
        'The adjustment expired waiting for approval: nothing moved; request it again if it still stands',
        { status: state },
      );
    }
    if (state !== 'pending') {
      throw new AppError('CONFLICT', `The adjustment is ${state} already`, { status: state });
    }
    return row;
  }

  async function apply(tx: Database, row: AdjustmentRow, approvedBy: string | null) {
    if (!(await deps.players.lockRow(tx, row.playerId))) throw AppError.notFound('Player');
    const accountId = await deps.wallet.accountIn(tx, row.playerId, row.currency);
    const { transaction } = await deps.ledger.post(tx, {
      idempotencyKey: `adjustment:${row.id}`,
      kind: 'adjustment',
      playerId: row.playerId,
      entries: [
        { account: { accountId }, currency: row.currency, amount: row.amount },
        { account: { house: 'promotions' }, currency: row.currency, amount: -row.amount },
      ],
      metadata: { adjustmentId: row.id },
    });
    if (row.currency === REDEEM_CURRENCY && row.amount > 0) {
      await deps.credits.record(tx, {
        playerId: row.playerId,
        source: 'adjustment',
        amount: row.amount,
        ledgerTransactionId: transaction.transactionId,
      });
    }
    return repo.markApplied(tx, row.id, {
      approvedBy,
      appliedAt: now(),
      ledgerTransactionId: transaction.transactionId,
    });
  }

  return {
    /** `requestKey` (Idempotency-Key) names the request: the same key again answers the first. */
    async request(
      actor: StaffActor,
      playerId: string,
      body: AdjustmentBody,
      requestKey: string,
    ): Promise<Adjustment> {
      return db.transaction(async (tx) => {
        /** The answer to a key used before: its adjustment, if this request is the same. */
        const answerOfKey = async () => {
          const previous = await repo.findByKey(tx, actor.staffId, requestKey);
          if (!previous) return null;
          const same =
            previous.playerId === playerId &&
            previous.currency === body.currency &&
            previous.amount === body.amount;
          if (!same)
            throw new AppError('CONFLICT', 'This Idempotency-Key named another adjustment');
          return shown(previous);
        };
        const answered = await answerOfKey();
        if (answered) return answered;
        // The player's lock also queues two adjustments of one player: each sees the other's sum.
        if (!(await deps.players.lockRow(tx, playerId))) throw AppError.notFound('Player');
        const at = now();
        const alone = await repo.appliedAlone(
          tx,
          playerId,
          body.currency,
          new Date(at.getTime() - FOUR_EYES_WINDOW_MS),
        );
        const needsApproval = needsSecondPair(body.amount, alone, deps.fourEyesAbove);
        const row = await repo.insert(tx, {
          playerId,
          currency: body.currency,
          amount: body.amount,
          reason: body.reason,
          status: AdjustmentStatus.Pending,
          requestedBy: actor.staffId,
          requestKey,
          requestedAt: at,
        });
        if (!row) {
          // The same key, sent twice at once: the other one committed first (this insert waited
          // for it), and its adjustment is the answer.
          const first = await answerOfKey();
          if (first) return first;
          throw new AppError('CONFLICT', 'The same request is being handled');
        }
        const result = needsApproval ? row : await apply(tx, row, null);
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: needsApproval ? 'adjustment.requested' : 'adjustment.applied',
          targetType: 'player',
          targetId: playerId,
          after: shown(result),
          reason: body.reason,
          requestId: actor.requestId,
        });
        return shown(result);
      });
    },

    /** The second pair of eyes: another staff member than the requester applies it. */
    /** The approver's own reason is the audit row's: the step that moves the money says why. */
    async approve(actor: StaffActor, adjustmentId: string, reason: string): Promise<Adjustment> {
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, adjustmentId);
        if (row.requestedBy === actor.staffId) {
          throw new AppError(
            'FORBIDDEN',
            'A second staff member approves an adjustment, not its requester',
          );
        }
        const applied = await apply(tx, row, actor.staffId);
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'adjustment.approved',
          targetType: 'player',
          targetId: row.playerId,
          before: shown(row),
          after: shown(applied),
          reason,
          requestId: actor.requestId,
        });
        return shown(applied);
      });
    },

    /**
     * Turns a pending adjustment down: nothing moves. Anyone who may adjust may reject, its
     * requester included (withdrawing their own request); the audit keeps who and why.
     */
    async reject(actor: StaffActor, adjustmentId: string, reason: string): Promise<Adjustment> {
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, adjustmentId);
        const rejected = await repo.markRejected(tx, row.id);
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'adjustment.rejected',
          targetType: 'player',
          targetId: row.playerId,
          before: shown(row),
          after: shown(rejected),
          reason,
          requestId: actor.requestId,
        });
        return shown(rejected);
      });
    },

    async list(query: {
      status?: Adjustment['status'] | undefined;
      sort: AdjustmentSort;
      order: 'asc' | 'desc';
      page: number;
      perPage: number;
    }) {
      const at = now().getTime();
      const { rows, total } = await repo.list(db, {
        state: query.status,
        expiredBefore: new Date(at - ADJUSTMENT_APPROVAL_WINDOW_MS),
        sort: query.sort,
        order: query.order,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return {
        data: rows.map((row) => toAdjustment(row, at)),
        meta: pageMeta(query.page, query.perPage, total),
      };
    },
  };
}
export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
