import { useMemo } from 'react';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import { useLocale } from '../../i18n/i18n.tsx';
import { useCurrencies } from './api/currencies.ts';
import { currencyIndex } from './accounts.fns.ts';
import { formatBalance, formatEquivalent } from './money.fns.ts';

/**
 * Formats accounts in the player's locale with the currencies' scales. Until the currencies have
 * loaded a balance shows as unknown rather than at a guessed scale.
 */
export function useMoney() {
  const locale = useLocale();
  const currencies = useCurrencies();
  const index = useMemo(() => currencyIndex(currencies.data), [currencies.data]);
  return useMemo(
    () => ({
      currencies,
      balanceOf: (account: WalletAccount) =>
        formatBalance(account.balance, account.currency, index.get(account.currency), locale),
      equivalentOf: (account: WalletAccount) => formatEquivalent(account.equivalent, locale),
    }),
    [currencies, index, locale],
  );
}
