import { WalletAccountStatus, type WalletAccount } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { PlayerRowLock } from './wallet.service.ts';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** What converting an amount needs of its currency. */
export interface CurrencyRate {
  subunitToUnit: number;
  /** Base-currency units per unit, a decimal string (numeric in the database). */
  rate: string;
}

/**
 * `amount` minor units of a currency in minor units of the base currency (`baseSubunitToUnit`
 * per unit), rounded half up. All in BigInt: neither the rate nor the product touches a float.
 */
export function toBaseMinor(amount: number, from: CurrencyRate, baseSubunitToUnit = 100): number {
  const match = DECIMAL.exec(from.rate);
  if (!match || !Number.isSafeInteger(amount) || amount < 0) {
    throw new Error(`cannot convert ${amount} at rate ${from.rate}`);
  }
  const fraction = match[2] ?? '';
  const numerator = BigInt(amount) * BigInt(`${match[1]}${fraction}`) * BigInt(baseSubunitToUnit);
  const denominator = BigInt(from.subunitToUnit) * 10n ** BigInt(fraction.length);
  return Number((numerator * 2n + denominator) / (2n * denominator));
}

/** Base minor units (cents) as base units with two decimals: 12345 → "123.45". */
export function formatBaseMinor(cents: number): string {
  return `${Math.trunc(cents / 100)}.${(cents % 100).toString().padStart(2, '0')}`;
}

/** `balance` minor units of a currency worth `rate` base units each, in base units, 2 decimals. */
export function baseEquivalent(balance: number, subunitToUnit: number, rate: string): string {
  return formatBaseMinor(toBaseMinor(balance, { subunitToUnit, rate }));
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

/**
 * Locks these players' rows, each once, in id order — the order every locker of several players
 * takes them in, so none waits on another in a cycle (decision 072). Answers the ids that exist.
 */
export async function lockInIdOrder(
  players: PlayerRowLock,
  tx: Database,
  playerIds: string[],
): Promise<Set<string>> {
  const ids = [...new Set(playerIds)].sort();
  if (ids.length === 0) return new Set();
  if (players.lockRows) return players.lockRows(tx, ids);
  const existing = new Set<string>();
  for (const id of ids) if (await players.lockRow(tx, id)) existing.add(id);
  return existing;
}
