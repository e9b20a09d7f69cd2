import { z } from 'zod';
import { fieldFailures } from './fields.ts';
import type { FieldRules, ValidateFormOptions } from './fields.ts';
import { formatRuleMessage } from './messages.ts';

/**
 * A `superRefine` callback running the same field rules the web forms run, for a request
 * schema of any shape. Each failure becomes an issue whose path is the field name, which the
 * error handler reports in `details.fields[]`; the message is the English default and
 * `params.failure` carries the failure for clients that localise it.
 */
export function fieldRulesRefinement(fieldRules: FieldRules, options: ValidateFormOptions = {}) {
  return (values: Readonly<Record<string, unknown>>, ctx: z.RefinementCtx): void => {
    // Read today per parse, not once when the schema is built at startup.
    const today = options.today ?? new Date();
    const errors = fieldFailures(values, fieldRules, { today });
    for (const [field, failures] of Object.entries(errors)) {
      for (const failure of failures) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: formatRuleMessage(failure),
          params: { failure },
        });
      }
    }
  };
}

/** A schema for a plain object of form values checked by `fieldRules`. */
export function toZod(fieldRules: FieldRules, options: ValidateFormOptions = {}) {
  return z.record(z.string(), z.unknown()).superRefine(fieldRulesRefinement(fieldRules, options));
}
