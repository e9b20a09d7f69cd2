import type { PaymentMethodList } from '@coinfall/shared';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { CashierSessionRefusedError } from '../payment-provider.ts';
import { ADD_CARD_METHOD, CRYPTO_METHODS } from '../payment.fns.ts';
import { customerOf, type PaymentDeps, type PaymentSteps } from './payment-steps.ts';

/** GET /api/payment/methods/purchase: a cashier session, the saved cards and crypto. */
export const listPurchaseMethods =
  (deps: Pick<PaymentDeps, 'provider'>, steps: Pick<PaymentSteps, 'payerOf'>) =>
  async (actor: Actor): Promise<PaymentMethodList> => {
    const { provider } = deps;
    const payer = await steps.payerOf(actor);
    let cashier;
    try {
      cashier = await provider.openCashierSession(customerOf(payer));
    } catch (err) {
      if (err instanceof CashierSessionRefusedError) {
        throw new AppError('PAYMENT_SESSION_REFUSED', 'The payment provider refused the session', {
          errorCode: err.errorCode,
        });
      }
      throw err;
    }
    const saved = await provider.listSavedMethods(customerOf(payer));
    return { data: [...saved, ADD_CARD_METHOD, ...CRYPTO_METHODS], cashier };
  };
