import { WalletAccountStatus, type WalletAccount } from '@coinfall/shared';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * `balance` minor units of a currency worth `rate` base units each, in base units with two
 * decimals, rounded half up. All in BigInt: neither the rate nor the product touches a float.
 */
export function baseEquivalent(balance: number, subunitToUnit: number, rate: string): string {
  const match = DECIMAL.exec(rate);
  if (!match || !Number.isSafeInteger(balance) || balance < 0) {
    throw new Error(`cannot convert ${balance} at rate ${rate}`);
  }
  const fraction = match[2] ?? '';
  const numerator = BigInt(balance) * BigInt(`${match[1]}${fraction}`) * 100n;
  const denominator = BigInt(subunitToUnit) * 10n ** BigInt(fraction.length);
  const cents = (numerator * 2n + denominator) / (2n * denominator);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

export interface AccountForWallet {
  id: string;
  currency: string;
  balance: number;
  status: number;
  hidden: boolean;
}

export interface CurrencyForWallet {
  code: string;
  isBase: boolean;
  subunitToUnit: number;
  rate: string;
}

/** The wire shape of an account, valued in the base currency. */
export function toWalletAccount(
  account: AccountForWallet,
  currencies: readonly CurrencyForWallet[],
): WalletAccount {
  const own = currencies.find((c) => c.code === account.currency);
  const base = currencies.find((c) => c.isBase);
  if (!own || !base) throw new Error(`no rate for ${account.currency}`);
  return {
    id: account.id,
    currency: account.currency,
    balance: account.balance,
    status:
      account.status === WalletAccountStatus.Active
        ? WalletAccountStatus.Active
        : WalletAccountStatus.Inactive,
    hidden: account.hidden,
    equivalent: {
      currency: base.code,
      amount: baseEquivalent(account.balance, own.subunitToUnit, own.rate),
    },
  };
}
