import { useEffect } from 'react';
import { ApiError } from '../../../lib/api/api-error.ts';
import { routeFailure } from '../../../lib/session/session.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { methodsFailureOf } from '../payment-errors.fns.ts';

/**
 * Spec §8 for a failed GET /api/payment/methods/purchase: the error modal (code 11002 for the
 * provider's refused cashier session, generic otherwise); /blocked or a logout when the answer is
 * about the session.
 */
export function useMethodsFailure(error: Error | null): void {
  const modals = useModals();
  useEffect(() => {
    if (!error) return;
    const failure = methodsFailureOf(error instanceof ApiError ? error : undefined);
    switch (failure.kind) {
      case 'blocked':
        routeFailure('blocked');
        return;
      case 'loggedOut':
        routeFailure('logout');
        return;
      case 'errorModal':
        modals.openKeyed('error', failure.code ? { params: { code: failure.code } } : {});
    }
    // Once per failure; the modals API is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
