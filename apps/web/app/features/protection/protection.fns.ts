import {
  BREAK_DAYS,
  EXCLUSION_PERIODS,
  type BreakDays,
  type ExclusionPeriod,
} from '@coinfall/shared/contracts/protection';
import { breakEnd, exclusionEnd } from '@coinfall/shared/protection-dates';

/** One choice of the section: a break of some days or a self-exclusion for a period. */
export type ProtectionChoice =
  { kind: 'break'; days: BreakDays } | { kind: 'exclusion'; period: ExclusionPeriod };

export const BREAK_CHOICES: readonly ProtectionChoice[] = BREAK_DAYS.map((days) => ({
  kind: 'break',
  days,
}));
export const EXCLUSION_CHOICES: readonly ProtectionChoice[] = EXCLUSION_PERIODS.map((period) => ({
  kind: 'exclusion',
  period,
}));

/** The value of a choice's radio button, and back. */
export const choiceValue = (choice: ProtectionChoice): string =>
  choice.kind === 'break' ? `break:${choice.days}` : `exclusion:${choice.period}`;

export function choiceOf(value: string): ProtectionChoice | undefined {
  return [...BREAK_CHOICES, ...EXCLUSION_CHOICES].find((c) => choiceValue(c) === value);
}

/** When the choice would end if started at `now` (the server's rule); null for indefinite. */
export function choiceEnd(choice: ProtectionChoice, now: Date): Date | null {
  return choice.kind === 'break' ? breakEnd(choice.days, now) : exclusionEnd(choice.period, now);
}

/** A date as the player reads it in their locale (date and time: a break ends at the minute). */
export function formatEnd(iso: string | Date, locale: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** `?until=` of /excluded, if it is a date. */
export function untilOf(search: string): string | null {
  const until = new URLSearchParams(search).get('until');
  return until && !Number.isNaN(Date.parse(until)) ? until : null;
}
