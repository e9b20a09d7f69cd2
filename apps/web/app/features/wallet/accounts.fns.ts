import type { Currency } from '@coinfall/shared/contracts/core';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import { CurrencyType, WalletAccountStatus } from '@coinfall/shared/constants';

export const isActive = (account: WalletAccount): boolean =>
  account.status === WalletAccountStatus.Active;

/** The one active account (status 1), if the list has it. */
export function activeAccountOf(accounts: readonly WalletAccount[]): WalletAccount | undefined {
  return accounts.find(isActive);
}

/** The accounts the balance menu lists: not hidden, the active one first. */
export function visibleAccounts(accounts: readonly WalletAccount[]): WalletAccount[] {
  return accounts
    .filter((a) => !a.hidden || isActive(a))
    .sort((a, b) => Number(isActive(b)) - Number(isActive(a)));
}

/**
 * Enabled currencies the player may still open an account in. A hidden account still exists,
 * so its currency is not offered (the server would answer 409).
 */
export function openableCurrencies(
  currencies: readonly Currency[],
  accounts: readonly WalletAccount[],
): Currency[] {
  const held = new Set(accounts.map((a) => a.currency));
  return currencies.filter((c) => c.isEnabled && !held.has(c.code));
}

/** Currencies by code, for formatting each account's balance. */
export function currencyIndex(currencies: readonly Currency[] | undefined): Map<string, Currency> {
  return new Map((currencies ?? []).map((c) => [c.code, c]));
}

export type CreateFailure = 'exists' | 'invalid' | 'other';

/** What a failed POST /api/wallet/accounts means for the form. */
export function createFailureOf(status: number | undefined): CreateFailure {
  if (status === 409) return 'exists';
  if (status === 400) return 'invalid';
  return 'other';
}

/**
 * Accounts the Withdraw action belongs to: money (fiat or crypto), never coins. Shown even at a
 * zero balance, where the withdraw modal says there is nothing to pay out yet.
 */
export function isWithdrawable(
  account: Pick<WalletAccount, 'currency'>,
  currencies: ReadonlyMap<string, Pick<Currency, 'type'>>,
): boolean {
  const type = currencies.get(account.currency)?.type;
  return type === CurrencyType.Fiat || type === CurrencyType.Crypto;
}
