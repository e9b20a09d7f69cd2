import type { PaymentMethod } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';

/**
 * The ways a player can be paid (spec §7 GET /api/payment/methods/withdrawal). No saved payout
 * details yet, so every method has empty fields. Limits are minor units of the invoice currency:
 * bank 100–5,000 (USD cents or SC minor units), BTC 0.0005–1 (satoshi), ETH 0.01–10 (gwei).
 */
export const WITHDRAWAL_METHODS: readonly PaymentMethod[] = [
  {
    id: 'bank',
    type: 'bank',
    name: 'Bank transfer (ACH)',
    currencies: ['USD', 'SC'],
    minAmount: 10_000,
    maxAmount: 500_000,
    fields: [],
  },
  {
    id: 'crypto:BTC',
    type: 'crypto',
    name: 'Bitcoin',
    currencies: ['BTC'],
    minAmount: 50_000,
    maxAmount: 100_000_000,
    fields: [],
  },
  {
    id: 'crypto:ETH',
    type: 'crypto',
    name: 'Ethereum',
    currencies: ['ETH'],
    minAmount: 10_000_000,
    maxAmount: 10_000_000_000,
    fields: [],
  },
];

/** The method a payout names, able to move its currency; a 400 naming the field otherwise. */
export function withdrawalMethodFor(methodId: string, currency: string): PaymentMethod {
  const method = WITHDRAWAL_METHODS.find((m) => m.id === methodId);
  if (!method) throw AppError.invalid('body.paymentMethodId', `No withdrawal method ${methodId}`);
  if (!method.currencies.includes(currency)) {
    throw AppError.invalid(
      'body.currency',
      `${method.name} pays out ${method.currencies.join(' or ')}, not ${currency}`,
    );
  }
  return method;
}
