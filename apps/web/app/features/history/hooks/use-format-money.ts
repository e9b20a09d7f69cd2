import { useMemo } from 'react';
import { useLocale } from '../../../i18n/i18n.tsx';
import { currencyIndex } from '../../wallet/accounts.fns';
import { useCurrencies } from '../../wallet/api/currencies';
import { formatBalance } from '../../wallet/money.fns';

/** Formats an amount in minor units of any currency, as the wallet does (mBTC, coins, fiat). */
export function useFormatMoney() {
  const locale = useLocale();
  const currencies = useCurrencies();
  const index = useMemo(() => currencyIndex(currencies.data), [currencies.data]);
  return useMemo(
    () => ({
      money: (amount: number, code: string) => formatBalance(amount, code, index.get(code), locale),
      date: (iso: string) =>
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        ),
    }),
    [index, locale],
  );
}
