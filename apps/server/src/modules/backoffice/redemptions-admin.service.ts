import {
  InvoiceStatus,
  type AdminRedemption,
  type AdminRedemptionSort,
  type Invoice,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../payment/payment-provider.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { PayoutChangeHook, RedemptionService } from '../redemption/redemption.service.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { RedemptionsAdminRepo } from './redemptions-admin.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';

/** The audit reason of a payout moved to processing because the provider held it. */
const QUIET_APPROVAL_FOUND =
  'Asked to reject: the provider already held this payout from an earlier approval that went quiet';

/**
 * The redemptions queue (issue 17): approve → the provider pays out (the redemption module moves
 * the invoice; the provider's webhook settles it), reject → the held money goes back to the
 * player and the site shows the withdraw-error alert (the invoice event it publishes).
 * Replaces /api/dev/payouts/{id}/settle for staff; that stays in the sandbox for tests.
 */
export function createRedemptionsAdminService(deps: {
  db: Database;
  repo: RedemptionsAdminRepo;
  audit: Pick<AuditRepo, 'insert'>;
  payouts: Pick<RedemptionService, 'approvePayout' | 'resolveLapsedClaim' | 'settlePayout'>;
  /** The payment provider's payout calls (read when used: payments are wired after this). */
  provider: () => Pick<PaymentProvider, 'createPayout' | 'findPayout'>;
}) {
  const { db, repo } = deps;

  /** The audit row, written in the payout change's own transaction. */
  const auditAs =
    (
      actor: StaffActor,
      action: 'redemption.approved' | 'redemption.rejected',
      reason: string | null,
    ): PayoutChangeHook =>
    (tx, statusBefore, after) =>
      deps.audit.insert(tx, {
        staffId: actor.staffId,
        action,
        targetType: 'invoice',
        targetId: after.id,
        before: { status: statusBefore },
        after: { status: after.status },
        reason,
        requestId: actor.requestId,
      });

  return {
    async queue(query: {
      sort: AdminRedemptionSort;
      order: 'asc' | 'desc';
      page: number;
      perPage: number;
    }) {
      const { rows, total } = await repo.pending(db, {
        sort: query.sort,
        order: query.order,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      const data: AdminRedemption[] = rows.map(
        ({ invoice, player, purchasedBase, redeemedBase }) => ({
          invoiceId: invoice.id,
          playerId: invoice.playerId,
          type: invoice.type,
          status: invoice.status,
          amount: invoice.amount,
          currency: invoice.currency,
          amountBase: invoice.amountBase,
          paymentMethodId: invoice.paymentMethodId,
          createdAt: invoice.createdAt.toISOString(),
          sentAt: invoice.payoutSentAt?.toISOString() ?? null,
          risk: {
            email: player.email,
            playerStatus: player.status,
            kycVerified: player.kycVerified,
            emailConfirmed: player.emailConfirmedAt !== null,
            phoneConfirmed: player.phoneConfirmed,
            accountCreatedAt: player.createdAt.toISOString(),
            purchasedBase: Number(purchasedBase),
            redeemedBase: Number(redeemedBase),
          },
        }),
      );
      return { data, meta: pageMeta(query.page, query.perPage, total) };
    },
    approve: (actor: StaffActor, invoiceId: string): Promise<Invoice> =>
      deps.payouts.approvePayout(
        invoiceId,
        deps.provider(),
        auditAs(actor, 'redemption.approved', null),
      ),
    /**
     * A reject of an invoice already rejected changes nothing and writes no audit row. Only a
     * pending payout: one approved is with the provider, which may be sending the money.
     */
    async reject(actor: StaffActor, invoiceId: string, reason: string): Promise<Invoice> {
      // A claim whose approval went quiet: the provider says whether it holds the payout. If it
      // does, the payout moves to processing, and the audit says who found it and why.
      const sent = await deps.payouts.resolveLapsedClaim(
        invoiceId,
        deps.provider(),
        auditAs(actor, 'redemption.approved', QUIET_APPROVAL_FOUND),
      );
      if (sent) {
        throw new AppError(
          'CONFLICT',
          'The provider holds this payout (its approval went quiet): it is processing now, and the provider’s answer settles it',
          { status: sent.status },
        );
      }
      return deps.payouts.settlePayout(
        invoiceId,
        'rejected',
        reason,
        auditAs(actor, 'redemption.rejected', reason),
        [InvoiceStatus.Pending],
      );
    },
  };
}
export type RedemptionsAdminService = ReturnType<typeof createRedemptionsAdminService>;
