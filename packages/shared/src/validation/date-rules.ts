import { fail, isEmptyValue } from './rule-types.ts';
import type { DateComparison, RuleContext, RuleFn, RuleName, RuleResult } from './rule-types.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_YEAR = 1000;
const MAX_YEAR = 3000;
const DEFAULT_MIN_AGE = 18;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A real calendar date written `YYYY-MM-DD` with a year from 1000 to 3000, else undefined. */
export function parseIsoDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return undefined;
  // Day 0 of the next month is the last day of this one; UTC avoids DST surprises.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day >= 1 && day <= daysInMonth ? { year, month, day } : undefined;
}

function toIsoDate({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function calendarDateOf(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** Same-length ISO dates order lexically, so plain string comparison is enough. */
function compareDates(a: CalendarDate, b: CalendarDate): number {
  const [x, y] = [toIsoDate(a), toIsoDate(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whole years from `birth` to `today`; a Feb 29 birthday comes of age on Mar 1 in common years. */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday =
    today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

export const date: RuleFn<'date'> = (value) => (parseIsoDate(value) ? true : fail('date'));

type ComparisonRule = 'before' | 'after' | 'date_equals' | 'before_or_equal' | 'after_or_equal';

const ORDER_ACCEPTS: Record<ComparisonRule, (order: number) => boolean> = {
  before: (o) => o < 0,
  after: (o) => o > 0,
  date_equals: (o) => o === 0,
  before_or_equal: (o) => o <= 0,
  after_or_equal: (o) => o >= 0,
};

/**
 * Resolves `other` as an input name first, then as `today` or a literal date. An empty
 * partner input yields `null`: there is nothing to compare yet, and its own rules report it.
 */
function resolveOther(other: string, ctx: RuleContext): CalendarDate | null | undefined {
  if (Object.hasOwn(ctx.form, other)) {
    const partner = ctx.form[other];
    return isEmptyValue(partner) ? null : parseIsoDate(partner);
  }
  if (other === 'today') return calendarDateOf(ctx.today);
  return parseIsoDate(other);
}

function comparisonRule(rule: ComparisonRule): RuleFn<ComparisonRule> {
  return (value, { other }: DateComparison, ctx): RuleResult => {
    const own = parseIsoDate(value);
    const partner = resolveOther(other, ctx);
    if (partner === null) return true;
    if (own && partner && ORDER_ACCEPTS[rule](compareDates(own, partner))) return true;
    return fail(rule, { param: other });
  };
}

export const before = comparisonRule('before');
export const after = comparisonRule('after');
export const date_equals = comparisonRule('date_equals');
export const before_or_equal = comparisonRule('before_or_equal');
export const after_or_equal = comparisonRule('after_or_equal');

function ageRule(rule: Extract<RuleName, 'minAge' | 'maxAge'>, years: number) {
  return (value: unknown, ctx: RuleContext): RuleResult => {
    const birth = parseIsoDate(value);
    if (!birth) return fail(rule, { param: years });
    const age = ageOn(birth, calendarDateOf(ctx.today));
    const ok = rule === 'minAge' ? age >= years : age <= years;
    return ok ? true : fail(rule, { param: years });
  };
}

export const minAge: RuleFn<'minAge'> = (value, params, ctx) =>
  ageRule('minAge', params?.years ?? DEFAULT_MIN_AGE)(value, ctx);

export const maxAge: RuleFn<'maxAge'> = (value, { years }, ctx) =>
  ageRule('maxAge', years)(value, ctx);
