import { useRef } from 'react';
import type { CreateVirtualPayoutBody } from '@coinfall/shared/contracts/payment';
import { PayoutError, useVirtualPayout } from '../api/virtual-payout';
import { isRetrySafe, keyForIntent, type IntentKey, type PayoutFailure } from '../redeem.fns';
import { track } from '../../analytics/track.ts';
import { ANALYTICS_EVENTS } from '../../analytics/analytics-settings.ts';

/**
 * The payout mutation with one Idempotency-Key per intent: pressing the button again after a
 * lost answer or a server failure sends the same key, so the server cannot hold the funds twice.
 * A changed amount or method is a new intent, and so is anything after an answer the server
 * keeps (a success or a 4xx refusal, which it would replay even once the player fixed the cause).
 */
export function usePayout() {
  const mutation = useVirtualPayout();
  const intent = useRef<IntentKey | undefined>(undefined);
  return {
    mutation,
    /** Sends the payout; `onFailure` hears a refusal the caller answers with another screen. */
    submit: (body: CreateVirtualPayoutBody, onFailure?: (failure: PayoutFailure) => void) => {
      intent.current = keyForIntent(intent.current, JSON.stringify(body), () =>
        crypto.randomUUID(),
      );
      mutation.mutate(
        { body, idempotencyKey: intent.current.key },
        {
          onSuccess: () => {
            intent.current = undefined;
            track(ANALYTICS_EVENTS.redemption, {
              amountMinor: body.amount,
              currency: body.currency,
            });
          },
          onError: (error) => {
            if (!(error instanceof PayoutError) || !isRetrySafe(error.failure))
              intent.current = undefined;
            if (error instanceof PayoutError) onFailure?.(error.failure);
          },
        },
      );
    },
  };
}
