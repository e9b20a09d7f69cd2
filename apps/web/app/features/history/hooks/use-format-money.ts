import { useMemo } from 'react';
import { useLocale } from '../../../i18n/i18n.tsx';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';

/** Amounts as the wallet formats them (mBTC, coins, fiat), and dates, in the player's locale. */
export function useFormatMoney() {
  const locale = useLocale();
  const money = useFormatAmount();
  return useMemo(
    () => ({
      money,
      date: (iso: string) =>
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        ),
    }),
    [money, locale],
  );
}
