import { fail, isEmptyValue } from './rule-types.ts';
import type { RuleFn, RuleName, RuleResult } from './rule-types.ts';

const ACCEPTED: readonly unknown[] = ['yes', 'on', '1', 'true', 1, true];
const DECLINED: readonly unknown[] = ['no', 'off', '0', 'false', 0, false];
const BOOLEAN_LIKE: readonly unknown[] = [true, false, 1, 0, '1', '0'];
const INTEGER_TEXT = /^[-+]?\d+$/;
const DECIMAL_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const NUMERIC_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

function oneOf(rule: RuleName, allowed: readonly unknown[]) {
  return (value: unknown): RuleResult => (allowed.includes(value) ? true : fail(rule));
}

export const required: RuleFn<'required'> = (value) =>
  isEmptyValue(value) ? fail('required') : true;

/** Form inputs arrive as text, so the trigger value is compared as text (true ~ 'true'). */
export const required_if: RuleFn<'required_if'> = (value, { field, value: trigger }, ctx) => {
  const triggered = String(ctx.form[field]) === String(trigger);
  return triggered && isEmptyValue(value) ? fail('required_if', { param: field }) : true;
};

export const accepted: RuleFn<'accepted'> = oneOf('accepted', ACCEPTED);
export const declined: RuleFn<'declined'> = oneOf('declined', DECLINED);
export const boolean: RuleFn<'boolean'> = oneOf('boolean', BOOLEAN_LIKE);

export const confirmed: RuleFn<'confirmed'> = (value, params, ctx) => {
  const partner = params?.field ?? `${ctx.field}_confirmation`;
  return ctx.form[partner] === value ? true : fail('confirmed', { param: partner });
};

export const different: RuleFn<'different'> = (value, { field }, ctx) =>
  ctx.form[field] !== value ? true : fail('different', { param: field });

function digitText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && /^\d+$/.test(text) ? text : undefined;
}

export const digits: RuleFn<'digits'> = (value, { length }) =>
  digitText(value)?.length === length ? true : fail('digits', { param: length });

export const digits_between: RuleFn<'digits_between'> = (value, { min, max }) => {
  const length = digitText(value)?.length;
  return length !== undefined && length >= min && length <= max
    ? true
    : fail('digits_between', { min, max });
};

/** Numbers are measured by value; strings (in characters) and arrays by length. */
function sizeOf(value: unknown): { size: number; of: 'value' | 'length' } | undefined {
  if (typeof value === 'number')
    return Number.isNaN(value) ? undefined : { size: value, of: 'value' };
  if (typeof value === 'string') return { size: [...value].length, of: 'length' };
  if (Array.isArray(value)) return { size: value.length, of: 'length' };
  return undefined;
}

export const min: RuleFn<'min'> = (value, { min }) => {
  const measured = sizeOf(value);
  if (measured && measured.size >= min) return true;
  return fail('min', { min }, measured?.of === 'value' ? 'min_value' : undefined);
};

export const max: RuleFn<'max'> = (value, { max }) => {
  const measured = sizeOf(value);
  if (measured && measured.size <= max) return true;
  return fail('max', { max }, measured?.of === 'value' ? 'max_value' : undefined);
};

export const between: RuleFn<'between'> = (value, { min, max }) => {
  const measured = sizeOf(value);
  return measured && measured.size >= min && measured.size <= max
    ? true
    : fail('between', { min, max });
};

function numberRule(rule: RuleName, text: RegExp, isNumber: (n: number) => boolean) {
  return (value: unknown): RuleResult => {
    const ok =
      typeof value === 'number'
        ? isNumber(value)
        : typeof value === 'string' && text.test(value.trim());
    return ok ? true : fail(rule);
  };
}

export const integer: RuleFn<'integer'> = numberRule('integer', INTEGER_TEXT, Number.isInteger);
export const decimal: RuleFn<'decimal'> = numberRule('decimal', DECIMAL_TEXT, Number.isFinite);
export const numeric: RuleFn<'numeric'> = numberRule('numeric', NUMERIC_TEXT, Number.isFinite);
