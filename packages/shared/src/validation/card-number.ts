import creditCardType from 'credit-card-type';
import { fail } from './rule-types.ts';
import type { RuleFn } from './rule-types.ts';

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'maestro',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** credit-card-type's ids for the brands we show; its other brands (mir, elo…) count as unknown. */
const BRAND_BY_LIBRARY_TYPE: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  discover: 'discover',
  'diners-club': 'diners',
  jcb: 'jcb',
  unionpay: 'unionpay',
  maestro: 'maestro',
};

const CARD_LENGTH = { min: 12, max: 19 } as const;

/** Digits of a card number typed with optional spaces or dashes, or undefined if anything else. */
export function cardDigits(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}

/** The mod-10 checksum every payment card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const doubled = i % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

/**
 * The brand a number belongs to by its IIN prefix (ranges from credit-card-type); undefined
 * while the prefix is ambiguous or belongs to no brand we know.
 */
export function detectCardBrand(number: string): CardBrand | undefined {
  const digits = cardDigits(number);
  if (digits === undefined) return undefined;
  const candidates = creditCardType(digits);
  const only = candidates.length === 1 ? candidates[0] : undefined;
  return only ? BRAND_BY_LIBRARY_TYPE[only.type] : undefined;
}

export const cardNumber: RuleFn<'cardNumber'> = (value) => {
  const digits = typeof value === 'string' ? cardDigits(value) : undefined;
  const lengthOk =
    digits !== undefined && digits.length >= CARD_LENGTH.min && digits.length <= CARD_LENGTH.max;
  return lengthOk && passesLuhn(digits) ? true : fail('cardNumber');
};
