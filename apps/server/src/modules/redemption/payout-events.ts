import { AppError } from '../../platform/errors.ts';
import type { PayoutOutcome, RedemptionService } from './redemption.service.ts';

/** What of a provider webhook event a payout settlement reads (payment's WebhookEvent fits). */
export interface PayoutEvent {
  type: string;
  invoiceId: string;
  declineCode?: string;
}

/**
 * The payment provider's payout webhooks (payout.succeeded / payout.failed) as settlements.
 * Other event types and outcomes that arrive after a final one change nothing ('ignored').
 */
export function createPayoutEventHandler(redemptions: Pick<RedemptionService, 'settlePayout'>) {
  return async function onPayoutEvent(event: PayoutEvent): Promise<'applied' | 'ignored'> {
    const outcome: PayoutOutcome | null =
      event.type === 'payout.succeeded'
        ? 'success'
        : event.type === 'payout.failed'
          ? 'rejected'
          : null;
    if (!outcome) return 'ignored';
    try {
      await redemptions.settlePayout(event.invoiceId, outcome, event.declineCode);
      return 'applied';
    } catch (err) {
      if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND')) {
        return 'ignored';
      }
      throw err;
    }
  };
}
