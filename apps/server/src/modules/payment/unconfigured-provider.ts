import { AppError } from '../../platform/errors.ts';
import { PayoutRefusedError, type PaymentProvider } from './payment-provider.ts';

/**
 * The provider when there is none (no sandbox, none configured): paying answers 503. A payout
 * is refused outright and none is ever found, so an approval's claim is released at once and the
 * payout can still be rejected (its coins go back) — never held waiting on an answer that
 * cannot come.
 */
export function unconfiguredProvider(): PaymentProvider {
  const unavailable = () =>
    Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'No payment provider is configured'));
  return {
    name: 'none',
    openCashierSession: unavailable,
    listSavedMethods: unavailable,
    createCardPayment: unavailable,
    createCryptoDeposit: unavailable,
    createPayout: () => Promise.reject(new PayoutRefusedError('no_provider')),
    findPayout: () => Promise.resolve(null),
    cancelPayment: unavailable,
    refundPayment: unavailable,
    verifyWebhook: () => {
      throw new AppError('NOT_FOUND', 'No payment provider is configured');
    },
  };
}
