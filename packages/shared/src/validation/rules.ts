import * as dateRules from './date-rules.ts';
import * as formatRules from './format-rules.ts';
import * as valueRules from './value-rules.ts';
import { cardNumber } from './card-number.ts';
import { phone } from './phone-rule.ts';
import { fail, isEmptyValue } from './rule-types.ts';
import type { RuleContext, RuleFn, RuleName, RuleResult, RuleSpec } from './rule-types.ts';

/** Rules that look at empty values; every other rule passes on one (spec §5). */
const SEES_EMPTY_VALUES: ReadonlySet<RuleName> = new Set([
  'required',
  'required_if',
  'accepted',
  // and/or hand the empty value to their parts, so and(required, email) still requires.
  'and',
  'or',
]);

const and: RuleFn<'and'> = (value, { rules }, ctx) =>
  rules.every((spec) => runRule(spec, value, ctx) === true) ? true : fail('and');

const or: RuleFn<'or'> = (value, { rules }, ctx) =>
  rules.some((spec) => runRule(spec, value, ctx) === true) ? true : fail('or');

const not: RuleFn<'not'> = (value, { rule }, ctx) =>
  runRule(rule, value, ctx) === true ? fail('not') : true;

export const RULES: { readonly [K in RuleName]: RuleFn<K> } = {
  required: valueRules.required,
  required_if: valueRules.required_if,
  accepted: valueRules.accepted,
  declined: valueRules.declined,
  countryCode: formatRules.countryCode,
  languageCode: formatRules.languageCode,
  phone,
  name: formatRules.name,
  date: dateRules.date,
  before: dateRules.before,
  after: dateRules.after,
  date_equals: dateRules.date_equals,
  before_or_equal: dateRules.before_or_equal,
  after_or_equal: dateRules.after_or_equal,
  alpha_dash: formatRules.alpha_dash,
  boolean: valueRules.boolean,
  confirmed: valueRules.confirmed,
  different: valueRules.different,
  digits: valueRules.digits,
  digits_between: valueRules.digits_between,
  max: valueRules.max,
  min: valueRules.min,
  between: valueRules.between,
  regex: formatRules.regex,
  not_regex: formatRules.not_regex,
  array: formatRules.array,
  string: formatRules.string,
  lowercase: formatRules.lowercase,
  uppercase: formatRules.uppercase,
  minAge: dateRules.minAge,
  maxAge: dateRules.maxAge,
  postalCode: formatRules.postalCode,
  email: formatRules.email,
  url: formatRules.url,
  ip: formatRules.ip,
  mac: formatRules.mac,
  integer: valueRules.integer,
  decimal: valueRules.decimal,
  numeric: valueRules.numeric,
  cardNumber,
  and,
  or,
  not,
};

export const RULE_NAMES = Object.keys(RULES) as RuleName[];

/** Runs one rule on one value, letting empty values through unless the rule looks at them. */
export function runRule(spec: RuleSpec, value: unknown, ctx: RuleContext): RuleResult {
  if (!SEES_EMPTY_VALUES.has(spec.rule) && isEmptyValue(value)) return true;
  // The registry pairs each name with its own params type; TypeScript cannot correlate the
  // two through the union, so the lookup is widened once here.
  const check = RULES[spec.rule] as RuleFn<RuleName>;
  return check(value, spec.params, ctx);
}
