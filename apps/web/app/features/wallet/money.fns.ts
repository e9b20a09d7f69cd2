import type { Currency } from '@coinfall/shared/contracts/core';

/** What formatting needs of a currency (GET /api/core/currencies). */
export type CurrencyFormat = Pick<Currency, 'code' | 'type' | 'subunitToUnit' | 'subCurrencies'>;

const MILLI = 1000;

/** Shown instead of an amount whose scale is unknown (a currency missing from the list). */
export const UNKNOWN_AMOUNT = '—';

/** Digits after the point that `divisor` minor units per unit need (100 → 2, 10^8 → 8). */
function fractionDigitsOf(divisor: number): number {
  return Math.max(0, Math.round(Math.log10(divisor)));
}

/**
 * Spec §9: BTC and ETH are shown in milli sub-units (mBTC, mETH). Read from the currency's
 * sub-currencies so a new crypto with an "m" sub-unit needs no code change.
 */
export function displayUnitOf(currency: CurrencyFormat): { code: string; divisor: number } {
  const milli = `m${currency.code}`;
  if (
    currency.type === 'crypto' &&
    currency.subCurrencies.includes(milli) &&
    currency.subunitToUnit % MILLI === 0
  )
    return { code: milli, divisor: currency.subunitToUnit / MILLI };
  return { code: currency.code, divisor: currency.subunitToUnit };
}

/**
 * An integer of minor units as a decimal in the locale, exactly (no float rounding): the integer
 * part grouped, the fraction kept to its last non-zero digit and padded to `minFraction`.
 */
export function formatMinorUnits(
  minor: number,
  divisor: number,
  locale: string,
  minFraction: number,
): string {
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const remainder = abs % divisor;
  const whole = (abs - remainder) / divisor;
  const digits = fractionDigitsOf(divisor);
  let fraction = digits > 0 ? String(remainder).padStart(digits, '0').replace(/0+$/, '') : '';
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const separator =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
    '.';
  const text = fraction ? `${number.format(whole)}${separator}${fraction}` : number.format(whole);
  return negative ? `-${text}` : text;
}

/** A fiat amount with its symbol, 2 decimals ("$1,234.50"); the code if Intl does not know it. */
function formatFiat(units: number, code: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(units);
  } catch {
    const amount = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(units);
    return `${amount} ${code}`;
  }
}

/**
 * A balance in integer minor units as the player reads it:
 * fiat with its symbol and 2 decimals ("$12.50"), virtual coins grouped with no decimals unless
 * there is a fraction ("1,000 GC", "0.5 SC" — a fraction of a redeemable coin is not hidden),
 * crypto in its display unit with every significant digit ("1.5 mBTC"). A currency missing from
 * the list has no known scale, so no amount is guessed.
 */
// Switches on the contract's literal union rather than CurrencyType: importing the shared
// constants here would grow their chunk, which every guest's first page loads.
export function formatBalance(
  balance: number,
  code: string,
  currency: CurrencyFormat | undefined,
  locale: string,
): string {
  if (!currency) return `${UNKNOWN_AMOUNT} ${code}`;
  switch (currency.type) {
    case 'fiat':
      return formatFiat(balance / currency.subunitToUnit, currency.code, locale);
    case 'virtual':
      return `${formatMinorUnits(balance, currency.subunitToUnit, locale, 0)} ${currency.code}`;
    case 'crypto': {
      const unit = displayUnitOf(currency);
      return `${formatMinorUnits(balance, unit.divisor, locale, 2)} ${unit.code}`;
    }
  }
}

/** The API's base-currency equivalent ("123.45" USD) as money in the locale ("$123.45"). */
export function formatEquivalent(
  equivalent: { currency: string; amount: string },
  locale: string,
): string {
  return formatFiat(Number(equivalent.amount), equivalent.currency, locale);
}
