import type { PaymentMethod } from '@coinfall/shared/contracts/payment';
import { displayUnitOf, type CurrencyFormat } from '../wallet/money.fns.ts';

/** What the deposit form offers (spec: USD by card, BTC and ETH by crypto). */
export const DEPOSIT_OPTIONS = [
  { currency: 'USD', method: 'card' },
  { currency: 'BTC', method: 'crypto' },
  { currency: 'ETH', method: 'crypto' },
] as const;
export type DepositOption = (typeof DEPOSIT_OPTIONS)[number];

export function depositOptionOf(currency: string | undefined): DepositOption {
  return DEPOSIT_OPTIONS.find((o) => o.currency === currency) ?? DEPOSIT_OPTIONS[0];
}

/**
 * A typed amount in the unit the player sees (dollars, mBTC, mETH) as integer minor units,
 * exactly: no float arithmetic. Undefined for anything that is not a positive decimal with at
 * most as many fraction digits as the unit has.
 */
export function parseDepositAmount(text: string, currency: CurrencyFormat): number | undefined {
  const unit = displayUnitOf(currency);
  const digits = Math.max(0, Math.round(Math.log10(unit.divisor)));
  const match = /^\s*(\d{1,15})(?:[.,](\d*))?\s*$/.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  const minor = Number(match[1]) * unit.divisor + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) && minor > 0 ? minor : undefined;
}

/**
 * The method a deposit is made with: the chosen saved card for card deposits, the provider's
 * crypto method for the currency otherwise ("crypto:BTC" when the list has none).
 */
export function depositMethodId(
  option: DepositOption,
  methods: readonly PaymentMethod[],
  savedCardId: string | undefined,
): string | undefined {
  if (option.method === 'card') return savedCardId;
  return (
    methods.find((m) => m.type === 'crypto' && m.currencies.includes(option.currency))?.id ??
    `crypto:${option.currency}`
  );
}
