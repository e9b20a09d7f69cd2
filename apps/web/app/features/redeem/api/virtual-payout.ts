import { useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  type CreateVirtualPayoutBody,
  type Invoice,
} from '@coinfall/shared/contracts/payment';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiClient, routeFailure } from '../../../lib/session/session';
import { refreshMoneyQueries } from '../../../lib/query/money-moved';
import { payoutFailureOf, type PayoutFailure } from '../redeem.fns';

export interface PayoutRequest {
  body: CreateVirtualPayoutBody;
  /** One per intent of the player: a retry of the same request sends the same key. */
  idempotencyKey: string;
}

/** Thrown by the payout mutation: what went wrong, in the redeem flow's words. */
export class PayoutError extends Error {
  constructor(readonly failure: PayoutFailure) {
    super(`Payout refused: ${failure.kind}`);
    this.name = 'PayoutError';
  }
}

/**
 * POST /api/payment/invoices/virtual-payout: an SC redemption or a fiat/crypto withdrawal; the
 * funds are held at once. VERIFICATION_REQUIRED and W9_REQUIRED are 403s the flow answers
 * itself, so the global handler (403 → log out) is skipped and only a real session or blocked
 * failure is routed as it would be.
 */
export async function createVirtualPayout({ body, idempotencyKey }: PayoutRequest) {
  try {
    return await apiClient().post<Invoice>('/api/payment/invoices/virtual-payout', {
      body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      skipGlobalHandler: true,
    });
  } catch (error) {
    const failure =
      error instanceof ApiError
        ? payoutFailureOf(error)
        : ({ kind: 'unknown', retryable: true } as const);
    if (failure.kind === 'blocked') routeFailure('blocked');
    if (failure.kind === 'session') routeFailure('logout');
    throw new PayoutError(failure);
  }
}

export function useVirtualPayout() {
  return useMutation(
    {
      mutationFn: createVirtualPayout,
      // A refusal may also mean the balance shown is stale (INSUFFICIENT_FUNDS, LIMIT_EXCEEDED).
      onSettled: refreshMoneyQueries,
    },
    playerQueryClient,
  );
}
