import {
  cardDigits,
  detectCardBrand,
  passesLuhn,
  type CardBrand,
} from '@coinfall/shared/validation/card-number';
import type { DirectCashierPaymentMethodBody } from '@coinfall/shared/contracts/payment';

export interface CardFormValues {
  number: string;
  /** "MM/YY" as typed. */
  expiry: string;
  cvv: string;
  holderName: string;
}

export type CardField = keyof CardFormValues;
export type CardFieldError =
  'required' | 'cardNumber' | 'expiryFormat' | 'expired' | 'cvv' | 'holderName';

const CARD_LENGTH = { min: 12, max: 19 } as const;

/** The brand as the player types (undefined while the prefix is ambiguous). */
export function brandOf(number: string): CardBrand | undefined {
  return detectCardBrand(number);
}

/** Groups the digits in fours as they are typed ("4242424242" → "4242 4242 42"); 19 digits max. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, CARD_LENGTH.max);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as it is typed, masked "MM/YY": digits only, the "/" added after the month (and
 * taken away with it when the player deletes back over it), a lone 2–9 read as that month
 * ("4" → "04/"). A four-digit year still fits ("12/2034"), for pasted dates.
 */
export function formatExpiry(value: string, previous = ''): string {
  const deleting = value.length < previous.length;
  let digits = value.replace(/\D/g, '').slice(0, 6);
  if (!deleting && digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "MM/YY" or "MM/YYYY" → month and four-digit year; undefined if it is not a date like that. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) < thisMonth;
}

/** The field errors of the card form (empty when it may be sent). */
export function validateCardForm(
  values: CardFormValues,
  now: Date,
): Partial<Record<CardField, CardFieldError>> {
  const errors: Partial<Record<CardField, CardFieldError>> = {};
  const digits = cardDigits(values.number.trim());
  if (values.number.trim() === '') errors.number = 'required';
  else if (
    digits === undefined ||
    digits.length < CARD_LENGTH.min ||
    digits.length > CARD_LENGTH.max ||
    !passesLuhn(digits)
  )
    errors.number = 'cardNumber';
  const expiry = parseExpiry(values.expiry);
  if (values.expiry.trim() === '') errors.expiry = 'required';
  else if (!expiry) errors.expiry = 'expiryFormat';
  else if (isExpired(expiry, now)) errors.expiry = 'expired';
  const cvv = values.cvv.trim();
  const cvvLength = brandOf(values.number) === 'amex' ? 4 : 3;
  if (cvv === '') errors.cvv = 'required';
  else if (!new RegExp(`^\\d{${cvvLength}}$`).test(cvv)) errors.cvv = 'cvv';
  const holder = values.holderName.trim();
  if (holder === '') errors.holderName = 'required';
  else if (holder.length < 2 || holder.length > 100) errors.holderName = 'holderName';
  return errors;
}

/** The body the provider's DirectCashier takes for a valid form (card data never reaches our API). */
export function saveCardBody(
  token: string,
  values: CardFormValues,
): DirectCashierPaymentMethodBody {
  const expiry = parseExpiry(values.expiry);
  if (!expiry) throw new Error('saveCardBody() needs a validated form');
  return {
    action: 'save',
    token,
    cardNumber: cardDigits(values.number.trim()) ?? '',
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvv: values.cvv.trim(),
    holderName: values.holderName.trim(),
  };
}

/** A saved method's fields as the player recognises the card: brand, last four, expiry. */
export interface SavedCardView {
  brand: string | undefined;
  last4: string | undefined;
  expiry: string | undefined;
}

export function savedCardOf(fields: readonly { name: string; value: string }[]): SavedCardView {
  const field = (...names: string[]) => fields.find((f) => names.includes(f.name))?.value;
  const month = field('expiryMonth', 'expMonth');
  const year = field('expiryYear', 'expYear');
  const expiry =
    field('expiry') ?? (month && year ? `${month.padStart(2, '0')}/${year.slice(-2)}` : undefined);
  return { brand: field('brand'), last4: field('last4', 'lastFour'), expiry };
}
