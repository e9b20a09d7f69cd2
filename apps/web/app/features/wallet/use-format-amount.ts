import { useCallback, useMemo } from 'react';
import { useLocale } from '../../i18n/i18n.tsx';
import { currencyIndex } from './accounts.fns.ts';
import { useCurrencies } from './api/currencies.ts';
import { formatBalance } from './money.fns.ts';

/** Formats minor units of a currency in the player's locale ("$10.00", "21,000 GC", "1.5 mBTC"). */
export function useFormatAmount(): (amount: number, currency: string) => string {
  const locale = useLocale();
  const currencies = useCurrencies();
  const index = useMemo(() => currencyIndex(currencies.data), [currencies.data]);
  return useCallback(
    (amount, currency) => formatBalance(amount, currency, index.get(currency), locale),
    [index, locale],
  );
}

/** The index of currencies by code, for formatters that take it whole (bundles). */
export function useCurrencyIndex() {
  const currencies = useCurrencies();
  return useMemo(() => currencyIndex(currencies.data), [currencies.data]);
}
