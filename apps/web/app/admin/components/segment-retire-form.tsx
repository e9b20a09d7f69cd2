import type { AdminSegment } from '@coinfall/shared/contracts/segments';
import { retireSegment } from '../api/admin-segments';
import { Field, useFormProblems, FormActions } from './edit-field';
import { formText } from '../search-params.fns';

/**
 * Retires the segment: its members leave, it stays for history. Refused while a promotion
 * targets it (the message names them) — the alert says which.
 */
export function RetireSegmentForm({ segment }: { segment: AdminSegment }) {
  const { formProblem, fieldProblem, pending, submitting } = useFormProblems();
  return (
    <form
      aria-label="Retire the segment"
      className="mt-8 grid max-w-3xl gap-4 border-t border-border pt-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        submitting(async () => {
          await retireSegment(segment.id, { reason: formText(form, 'reason').trim() });
        });
      }}
    >
      <h2 className="text-lg font-semibold">Retire</h2>
      <p className="text-sm text-text-muted">
        A retired segment keeps its history but loses its members and can no longer be edited or
        targeted. Bonuses, codes and quests that still target it must be changed first.
      </p>
      <Field label="Reason for retiring (kept in the audit log)" problem={fieldProblem('reason')}>
        {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
      </Field>
      <FormActions problem={formProblem} pending={pending} look="outline">
        Retire segment
      </FormActions>
    </form>
  );
}
