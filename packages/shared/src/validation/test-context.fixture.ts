import { runRule } from './rules.ts';
import type { FormValues, RuleResult, RuleSpec } from './rule-types.ts';

export const FIXED_TODAY = new Date(2024, 5, 15);

/** Runs one rule as the form engine would, on a field named `field`. */
export function check(
  spec: RuleSpec,
  value: unknown,
  form: FormValues = {},
  today: Date = FIXED_TODAY,
): RuleResult {
  return runRule(spec, value, { form, field: 'field', today });
}

export const passes = (spec: RuleSpec, value: unknown, form?: FormValues, today?: Date) =>
  check(spec, value, form, today) === true;
