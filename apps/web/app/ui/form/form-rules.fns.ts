import {
  buildFieldRules,
  fieldFailures,
  formatRuleMessage,
  type FieldRules,
  type FormValues,
  type RuleSpec,
} from '@coinfall/shared/validation/index';

/** What the form needs of a field to pick its rules. */
export interface RuledField {
  name: string;
  required: boolean;
  /** Shared rules this form adds for a field of no known kind (an amount's format…). */
  rules?: readonly RuleSpec[];
}

/**
 * The spec §5 rules of exactly these fields: buildFieldRules() adds the always-required
 * profile fields (city, region…), which a form without them must not check.
 */
export function rulesForFields(fields: readonly RuledField[]): FieldRules {
  const all = buildFieldRules(fields.map((f) => ({ name: f.name, isRequired: f.required })));
  const rules: Record<string, FieldRules[string]> = {};
  for (const field of fields) {
    const own = all[field.name] ?? [];
    // buildFieldRules forces `required` onto agreements; an optional checkbox stays optional.
    const kept = field.required ? own : own.filter((spec) => spec.rule !== 'required');
    rules[field.name] = [...kept, ...(field.rules ?? [])];
  }
  return rules;
}

/** The first problem of each failing field, as text (the locale's texts override defaults). */
export function fieldProblems(
  values: FormValues,
  rules: FieldRules,
  messages: Readonly<Record<string, string>>,
  today?: Date,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, failures] of Object.entries(fieldFailures(values, rules, { today }))) {
    const first = failures[0];
    if (first) problems[field] = formatRuleMessage(first, messages);
  }
  return problems;
}
