import { InvoiceStatus, type Invoice } from '@coinfall/shared';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { PAYOUT_TYPES } from '../../invoice/invoice.fns.ts';
import { mayBeWithProvider } from '../redemption.fns.ts';
import {
  DECLINED_BY_PLAYER,
  type RedemptionDeps,
  type RedemptionSteps,
} from './redemption-steps.ts';

/** PUT /api/payment/invoices/{id}/decline: the owner takes back a pending payout. */
export const declinePayout =
  (
    deps: Pick<RedemptionDeps, 'repo'>,
    steps: Pick<RedemptionSteps, 'now' | 'moveHeld' | 'publish'>,
  ) =>
  (actor: Actor, id: string): Promise<Invoice> =>
    deps.repo.db.transaction(async (tx) => {
      const row = await deps.repo.lockInvoice(tx, id, actor.playerId);
      if (!row) throw AppError.notFound('Invoice');
      if (!PAYOUT_TYPES.includes(row.type)) {
        throw new AppError('CONFLICT', 'Only a withdrawal or redemption can be declined');
      }
      if (row.status !== InvoiceStatus.Pending) {
        throw new AppError('CONFLICT', 'Only a pending payout can be declined', {
          status: row.status,
        });
      }
      if (mayBeWithProvider(row)) {
        throw new AppError('CONFLICT', 'The payout is being sent: it can no longer be declined', {
          status: row.status,
          reason: 'sending',
        });
      }
      const at = steps.now();
      const settlementTransactionId = await steps.moveHeld(tx, row, 'declined');
      const updated = await deps.repo.updateInvoice(tx, id, {
        status: InvoiceStatus.Rejected,
        failureCode: DECLINED_BY_PLAYER,
        processedAt: at,
        settlementTransactionId,
        updatedAt: at,
      });
      return steps.publish(tx, updated);
    });
