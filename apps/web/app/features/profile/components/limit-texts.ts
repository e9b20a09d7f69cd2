import { useMemo } from 'react';
import {
  LIMIT_PERIOD_MINUTES,
  type LimitPeriod,
  type LimitType,
  type PlayerLimit,
} from '@coinfall/shared/contracts/limits';
import type { RuleSpec } from '@coinfall/shared/validation/index';
import { formatMessage, useLocale } from '../../../i18n/i18n.tsx';
import type { profileMessages } from '../../../i18n/messages/profile.ts';
import type { SubmitProblems } from '../../../ui/form/account-form.tsx';
import { ApiError, fieldIssuesOf } from '../../../lib/api/api-error.ts';
import { centsFromInput, formatLimitAmount, minutesFromInput } from '../limits.fns.ts';
import { formatDateTime } from '../sessions.fns.ts';

/** The texts, rules and parsing the limits section and its create form share. */

export type Messages = Record<keyof (typeof profileMessages)['en'], string>;

/** New limits are in the site's base currency (the contract's default). */
export const LIMIT_CURRENCY = 'USD';

export const PERIOD_TEXT = {
  day: 'limitPeriodDay',
  week: 'limitPeriodWeek',
  month: 'limitPeriodMonth',
} as const satisfies Record<LimitPeriod, keyof Messages>;

/** The choices of "What to limit". */
export const TYPE_TEXT = {
  purchase: 'limitTypePurchase',
  loss: 'limitTypeLoss',
  wager: 'limitTypeWager',
  'session-time': 'limitTypeSessionTime',
} as const satisfies Record<LimitType, keyof Messages>;

/** The type inside a limit's name ("daily loss limit"). */
export const TYPE_NAME = {
  purchase: 'limitNamePurchase',
  loss: 'limitNameLoss',
  wager: 'limitNameWager',
  'session-time': 'limitNameSessionTime',
} as const satisfies Record<LimitType, keyof Messages>;

/** Units with at most two decimals, more than zero (the shared regex rules of spec §5). */
export const AMOUNT_RULES: readonly RuleSpec[] = [
  { rule: 'regex', params: { pattern: '^\\d{1,10}([.,]\\d{1,2})?$' } },
  { rule: 'not_regex', params: { pattern: '^0+([.,]0+)?$' } },
];

/** Whole minutes, more than zero (the period's ceiling is checked on submit). */
export const MINUTES_RULES: readonly RuleSpec[] = [
  { rule: 'regex', params: { pattern: '^\\s*\\d{1,6}\\s*$' } },
  { rule: 'not_regex', params: { pattern: '^\\s*0+\\s*$' } },
];

/** The amount field of a limit of `type`: minutes for session time, money otherwise. */
export function amountInput(type: LimitType, period: LimitPeriod, text: string) {
  return type === 'session-time' ? minutesFromInput(text, period) : centsFromInput(text);
}

export function useLimitTexts(t: Messages) {
  const locale = useLocale();
  return useMemo(
    () => ({
      period: (period: LimitPeriod) => t[PERIOD_TEXT[period]],
      /** "daily loss limit", lower case for inside a sentence. */
      name: (limit: Pick<PlayerLimit, 'type' | 'period'>) =>
        formatMessage(t.limitName, {
          period: t[PERIOD_TEXT[limit.period]],
          type: t[TYPE_NAME[limit.type]],
        }).toLowerCase(),
      amount: (limit: Pick<PlayerLimit, 'type' | 'currency'>, amount: number) =>
        formatLimitAmount(limit, amount, locale),
      date: (iso: string) => formatDateTime(iso, locale),
      amountMessages: { regex: t.limitAmountInvalid, not_regex: t.limitAmountInvalid },
      minutesMessages: (period: LimitPeriod) => {
        const text = formatMessage(t.limitMinutesInvalid, { max: LIMIT_PERIOD_MINUTES[period] });
        return { regex: text, not_regex: text };
      },
    }),
    [t, locale],
  );
}

/** "Daily loss limit", for a row's heading. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The message for an amount that does not parse: minutes up to the period's, or money. */
export function invalidText(limit: Pick<PlayerLimit, 'type' | 'period'>, t: Messages): string {
  return limit.type === 'session-time'
    ? formatMessage(t.limitMinutesInvalid, { max: LIMIT_PERIOD_MINUTES[limit.period] })
    : t.limitAmountInvalid;
}

export function problemsOf(error: unknown, t: Messages): SubmitProblems {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    const fieldErrors = fieldIssuesOf(error);
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  }
  return { formError: t.somethingWrong };
}
