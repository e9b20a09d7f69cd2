import { runRule } from './rules.ts';
import type { FormValues, RuleFailure, RuleSpec } from './rule-types.ts';

export type FieldRules = Readonly<Record<string, readonly RuleSpec[]>>;

/** One entry of the profile field list the server sends (spec §3). */
export interface ProfileFieldItem {
  name: string;
  isRequired: boolean;
}

const PASSWORD_MIN_LENGTH = 6;
const MIN_AGE_YEARS = 18;

const REQUIRED: RuleSpec = { rule: 'required' };
const PASSWORD_LENGTH: RuleSpec = { rule: 'min', params: { min: PASSWORD_MIN_LENGTH } };
const NAME: RuleSpec = { rule: 'name' };

/** The rules each field kind carries on its own, before the field list adds `required` (§5). */
export const FIELD_KIND_RULES: FieldRules = {
  password: [PASSWORD_LENGTH],
  currentPassword: [REQUIRED],
  newPassword: [REQUIRED, PASSWORD_LENGTH],
  repeatNewPassword: [REQUIRED, { rule: 'confirmed', params: { field: 'newPassword' } }],
  firstName: [NAME],
  lastName: [NAME],
  address: [NAME],
  postalCode: [{ rule: 'postalCode' }],
  email: [{ rule: 'email' }],
  phone: [{ rule: 'phone' }],
  birthdate: [{ rule: 'minAge', params: { years: MIN_AGE_YEARS } }],
};

/** Fields the profile forms require whatever the server's list says (spec §5, §6). */
export const ALWAYS_REQUIRED_FIELDS = ['agreements', 'city', 'region'] as const;

/**
 * The rules of a server-sent field list: each field's own rules, with `required` first where
 * the list or the always-required set asks for it. Agreements is a checkbox, where `false` is a
 * value, so it must also be `accepted` (checked).
 */
export function buildFieldRules(fieldList: readonly ProfileFieldItem[]): FieldRules {
  const names = new Set([...fieldList.map((f) => f.name), ...ALWAYS_REQUIRED_FIELDS]);
  const forced = new Set<string>(ALWAYS_REQUIRED_FIELDS);
  const rules: Record<string, RuleSpec[]> = {};
  for (const name of names) {
    const isRequired = forced.has(name) || fieldList.some((f) => f.name === name && f.isRequired);
    const own = (FIELD_KIND_RULES[name] ?? []).filter((spec) => spec.rule !== 'required');
    const extra: RuleSpec[] = name === 'agreements' ? [{ rule: 'accepted' }] : [];
    rules[name] = [...(isRequired ? [REQUIRED] : []), ...extra, ...own];
  }
  return rules;
}

export type FormValidation = { ok: true } | { ok: false; errors: Record<string, RuleFailure[]> };

export interface ValidateFormOptions {
  /** The date age rules count from; defaults to now. */
  today?: Date;
}

/** Every failing rule of every field; a field absent from `errors` passed. */
export function fieldFailures(
  values: FormValues,
  fieldRules: FieldRules,
  { today = new Date() }: ValidateFormOptions = {},
): Record<string, RuleFailure[]> {
  const errors: Record<string, RuleFailure[]> = {};
  for (const [field, specs] of Object.entries(fieldRules)) {
    const ctx = { form: values, field, today };
    const failures = specs
      .map((spec) => runRule(spec, values[field], ctx))
      .filter((result) => result !== true);
    if (failures.length > 0) errors[field] = failures;
  }
  return errors;
}

export function validateForm(
  values: FormValues,
  fieldRules: FieldRules,
  options: ValidateFormOptions = {},
): FormValidation {
  const errors = fieldFailures(values, fieldRules, options);
  return Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors };
}

/**
 * The `minAge` rule for a birthdate at a place's minimum age (decision 035: 18, or more where
 * the jurisdiction table says so): null when old enough, else the failure the forms show.
 */
export function minAgeFailure(birthdate: string, years: number, today: Date): RuleFailure | null {
  const result = runRule({ rule: 'minAge', params: { years } }, birthdate, {
    form: {},
    field: 'birthdate',
    today,
  });
  return result === true ? null : result;
}
