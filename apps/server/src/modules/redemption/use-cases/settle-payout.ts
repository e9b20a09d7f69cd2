import { InvoiceStatus, type Invoice } from '@coinfall/shared';
import { AppError } from '../../../platform/errors.ts';
import { PAYOUT_TYPES, canMoveInvoice, toInvoice } from '../../invoice/invoice.fns.ts';
import { mayBeWithProvider } from '../redemption.fns.ts';
import {
  DECLINED_BY_PLAYER,
  type PayoutChangeHook,
  type PayoutOutcome,
  type RedemptionDeps,
  type RedemptionSteps,
} from './redemption-steps.ts';

/**
 * Settles a payout once whoever pays it decides: success pays the held money out
 * (redemptions_clearing → bankroll), rejected releases it to the player. Idempotent: the same
 * outcome again changes nothing; the other outcome after a final one is a CONFLICT.
 */
export const settlePayout =
  (
    deps: Pick<RedemptionDeps, 'repo'>,
    steps: Pick<RedemptionSteps, 'now' | 'moveHeld' | 'publish'>,
  ) =>
  (
    invoiceId: string,
    outcome: PayoutOutcome,
    reason?: string,
    /** Runs in the settlement's transaction once it changed something (the back office's audit). */
    alongside?: PayoutChangeHook,
    /**
     * The statuses this settlement may start from, when not every legal one: staff reject only
     * a pending payout not claimed by an approval; once it may be with the provider, only the
     * provider's answer settles it.
     */
    from?: readonly number[],
  ): Promise<Invoice> =>
    deps.repo.db.transaction(async (tx) => {
      const row = await deps.repo.lockInvoice(tx, invoiceId);
      if (!row) throw AppError.notFound('Invoice');
      if (!PAYOUT_TYPES.includes(row.type)) {
        throw new AppError('CONFLICT', 'The invoice is not a payout');
      }
      const to = outcome === 'success' ? InvoiceStatus.Success : InvoiceStatus.Rejected;
      if (row.status === to && row.failureCode !== DECLINED_BY_PLAYER) return toInvoice(row);
      const offLimits = from && (!from.includes(row.status) || mayBeWithProvider(row));
      if (offLimits && canMoveInvoice(row.status, to)) {
        throw new AppError(
          'CONFLICT',
          `The payout may be with the provider already (status ${row.status}): its answer settles it`,
          { status: row.status },
        );
      }
      if (!canMoveInvoice(row.status, to)) {
        throw new AppError('CONFLICT', `The payout is final already (status ${row.status})`, {
          status: row.status,
        });
      }
      const at = steps.now();
      const settlementTransactionId = await steps.moveHeld(tx, row, outcome);
      const updated = await deps.repo.updateInvoice(tx, invoiceId, {
        status: to,
        failureCode: outcome === 'rejected' ? (reason ?? 'rejected') : null,
        processedAt: at,
        settlementTransactionId,
        updatedAt: at,
      });
      const invoice = await steps.publish(tx, updated);
      await alongside?.(tx, row.status, invoice);
      return invoice;
    });
