/**
 * The few field checks the account forms need before the accounts work brings the full rule
 * engine of spec §5. Like those rules, every check except `required` passes on an empty value.
 */
export type FieldCheck =
  | { rule: 'required' }
  | { rule: 'email' }
  | { rule: 'min'; min: number }
  | { rule: 'matches'; field: string };

export type FieldValue = string | boolean;

/** A deliberately plain shape check; the server has the last word on addresses. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

function isEmpty(value: FieldValue): boolean {
  return typeof value === 'boolean' ? !value : value.trim() === '';
}

/** The first failing check of a field, or undefined when it passes. */
export function firstFailedCheck(
  value: FieldValue,
  checks: readonly FieldCheck[],
  values: Readonly<Record<string, FieldValue>>,
): FieldCheck | undefined {
  return checks.find((check) => {
    switch (check.rule) {
      case 'required':
        return isEmpty(value);
      case 'email':
        return !isEmpty(value) && !EMAIL.test(String(value).trim());
      case 'min':
        return !isEmpty(value) && String(value).length < check.min;
      case 'matches':
        return !isEmpty(value) && value !== values[check.field];
    }
  });
}
