import { useMemo } from 'react';
import type { BonusKind } from '@coinfall/shared/contracts/bonus';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { bonusMessages, type BonusTexts } from '../../../i18n/messages/bonus.ts';
import { timeLeft } from '../bonus.fns';

export type BonusNames = Readonly<Record<string, string>>;

/** The texts, plus how a bonus is named and a time span is said. */
const NO_NAMES: BonusNames = {};

export function useBonusTexts(names: BonusNames = NO_NAMES) {
  const t = useMessages(bonusMessages);
  return useMemo(
    () => ({
      t,
      /** The content's name for the definition, else the kind's. */
      nameOf: (bonus: { bonusSlug: string; kind: BonusKind }) =>
        names[bonus.bonusSlug] ?? t[`kind_${bonus.kind}`],
      /** "1 d 3 h", "3 h 4 min", "4 min 5 s"; null once the deadline has passed. */
      spanUntil: (deadline: string | null, now: number) => formatSpan(t, timeLeft(deadline, now)),
    }),
    [t, names],
  );
}

function formatSpan(t: BonusTexts, left: ReturnType<typeof timeLeft>): string | null {
  if (!left) return null;
  if (left.days > 0) return formatMessage(t.time_days, left);
  if (left.hours > 0) return formatMessage(t.time_hours, left);
  return formatMessage(t.time_minutes, left);
}
