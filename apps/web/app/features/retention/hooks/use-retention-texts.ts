import { useMemo } from 'react';
import type { LocalizedText, QuestReward } from '@coinfall/shared/contracts/retention';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { retentionMessages, type RetentionTexts } from '../../../i18n/messages/retention.ts';
import { timeLeft } from '../../bonus/bonus.fns.ts';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';

/** Bonus names by definition slug (the promotions content), for bonus and free-spin rewards. */
export type BonusNames = Readonly<Record<string, string>>;
const NO_NAMES: BonusNames = {};

/**
 * The retention texts, plus how a definition's text, a reward, a date and a time span are said
 * in the player's locale.
 */
export function useRetentionTexts(names: BonusNames = NO_NAMES) {
  const t = useMessages(retentionMessages);
  const locale = useLocale();
  const format = useFormatAmount();
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const numbers = new Intl.NumberFormat(locale);
    return {
      t,
      locale,
      format,
      number: (value: number) => numbers.format(value),
      /** A back-office text in the player's locale, else English. */
      text: (value: LocalizedText) => value[locale] || value.en,
      date: (iso: string) => dates.format(new Date(iso)),
      /** "1 d 3 h", "3 h 4 min", "4 min 5 s"; null once the deadline has passed. */
      spanUntil: (deadline: string | null, now: number) => formatSpan(t, timeLeft(deadline, now)),
      reward: (reward: QuestReward): string => {
        switch (reward.kind) {
          case 'points':
            return formatMessage(t.reward_points, { points: numbers.format(reward.points) });
          case 'coins':
            return format(reward.amount, reward.currency);
          case 'bonus':
            return formatMessage(t.reward_bonus, {
              name: names[reward.bonusSlug] ?? reward.bonusSlug,
            });
          case 'freespins':
            return formatMessage(t.reward_freespins, {
              name: names[reward.bonusSlug] ?? reward.bonusSlug,
            });
        }
      },
    };
  }, [t, locale, format, names]);
}

export type RetentionTextsApi = ReturnType<typeof useRetentionTexts>;

function formatSpan(t: RetentionTexts, left: ReturnType<typeof timeLeft>): string | null {
  if (!left) return null;
  if (left.days > 0) return formatMessage(t.time_days, left);
  if (left.hours > 0) return formatMessage(t.time_hours, left);
  return formatMessage(t.time_minutes, left);
}
