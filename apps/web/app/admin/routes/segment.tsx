import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminSegment, SegmentCondition } from '@coinfall/shared/contracts/segments';
import { buttonClass } from '../../ui/button';
import { adminMeta } from '../admin-meta';
import { createSegment, updateSegment, useSegment } from '../api/admin-segments';
import { Field, FieldProblem, useFormProblems, FormActions } from '../components/edit-field';
import { RecheckProgress } from '../components/segment-recheck-progress';
import { RetireSegmentForm } from '../components/segment-retire-form';
import { EditOrNew, EditorHeading, editedIdOf } from '../components/edit-or-new';
import { FILTER_INPUT } from '../components/filter-fields';
import {
  CONDITION_FIELDS,
  blankDraft,
  conditionOfDraft,
  draftOf,
  fieldOf,
  previewOfDrafts,
  type ConditionDraft,
} from '../segments.fns';
import { formText } from '../search-params.fns';

export const meta = () => adminMeta('Segment');

/** /admin/segments/new and /admin/segments/:id: a rule segment's name, rule and description. */
export default function AdminSegment({ params }: { params: { id?: string } }) {
  const id = editedIdOf(params);
  return (
    <EditOrNew id={id} query={useSegment(id)}>
      {(segment) => <SegmentForm segment={segment} />}
    </EditOrNew>
  );
}

/** A draft with a stable key, so removing one row keeps focus and typing on the others. */
type KeyedDraft = ConditionDraft & { key: number };
let lastDraftKey = 0;
const keyed = (d: ConditionDraft): KeyedDraft => ({ ...d, key: (lastDraftKey += 1) });

function SegmentForm({ segment }: { segment: AdminSegment | null }) {
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<KeyedDraft[]>(() =>
    (segment?.rule ?? [{ kind: 'inactive', days: 30 } as const]).map((c) => keyed(draftOf(c))),
  );
  const { formProblem, fieldProblem, pending, submitting } = useFormProblems();
  const [saved, setSaved] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);

  if (segment && !segment.editable) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold">Segment {segment.name}</h1>
        <p className="mb-4 text-sm text-text-muted">
          {segment.retiredAt
            ? `Retired on ${new Date(segment.retiredAt).toLocaleString()}: kept for history, with ` +
              `no members; it cannot be edited or targeted again. ${segment.members} players ` +
              'still in it.'
            : 'Its members are written by code, not by a rule you can edit here.'}
        </p>
        <RecheckProgress segment={segment} />
        <Link to="/admin/segments" className="text-sm text-accent hover:underline">
          ← All segments
        </Link>
      </>
    );
  }

  const change = (key: number, next: Partial<ConditionDraft>) =>
    setDrafts((list) =>
      list.map((d) =>
        d.key !== key
          ? d
          : next.kind && next.kind !== d.kind
            ? { ...blankDraft(next.kind), key }
            : { ...d, ...next },
      ),
    );
  const remove = (key: number) => {
    setDrafts((list) => list.filter((d) => d.key !== key));
    // The removed row's button is gone: focus goes back to a control that stays.
    addButton.current?.focus();
  };

  const submit = async (form: FormData) => {
    const body = {
      name: formText(form, 'name').trim(),
      description: formText(form, 'description').trim(),
      rule: drafts.map(conditionOfDraft),
      reason: formText(form, 'reason').trim(),
    };
    const result = segment ? await updateSegment(segment.id, body) : await createSegment(body);
    setSaved(`Saved ${result.name}: every player is being re-checked against the rule.`);
    if (!segment) await navigate(`/admin/segments/${result.id}`);
  };

  return (
    <>
      <EditorHeading
        title={segment ? `Segment ${segment.name}` : 'New segment'}
        backTo="/admin/segments"
        backText="← All segments"
      />
      {segment && (
        <p className="mb-4 text-sm text-text-muted">
          {segment.members} players in it now. Saving re-checks every player in the background; the
          progress shows here.
        </p>
      )}
      {segment && <RecheckProgress segment={segment} />}
      <form
        aria-label={segment ? 'Edit the segment' : 'Create a segment'}
        className="grid max-w-3xl gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaved('');
          submitting(() => submit(new FormData(event.currentTarget)));
        }}
      >
        <Field label="Name" problem={fieldProblem('name')}>
          {(props) => (
            <input {...props} name="name" required maxLength={64} defaultValue={segment?.name} />
          )}
        </Field>
        <Field label="Description (optional)" problem={fieldProblem('description')}>
          {(props) => (
            <input
              {...props}
              name="description"
              maxLength={500}
              defaultValue={segment?.description}
            />
          )}
        </Field>
        <fieldset className="sm:col-span-2" aria-describedby="rule-preview">
          <legend className="text-sm font-medium text-text-muted">
            Conditions (a player is in the segment when every one holds)
          </legend>
          <ol className="mt-2 flex flex-col gap-3">
            {drafts.map((d, index) => (
              <ConditionRow
                key={d.key}
                draft={d}
                index={index}
                problem={fieldProblem(`rule.${index}`)}
                onChange={(next) => change(d.key, next)}
                onRemove={() => remove(d.key)}
              />
            ))}
          </ol>
          <FieldProblem
            text={drafts.some((_, i) => fieldProblem(`rule.${i}`)) ? '' : fieldProblem('rule')}
          />
          <div className="mt-3">
            <button
              ref={addButton}
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => setDrafts((list) => [...list, keyed(blankDraft('purchaser'))])}
            >
              Add a condition
            </button>
          </div>
          <p
            id="rule-preview"
            aria-live="polite"
            className="mt-3 rounded-lg bg-surface-2 p-3 text-sm"
          >
            <span className="font-medium">Preview: </span>
            {previewOfDrafts(drafts)}
          </p>
        </fieldset>
        <Field wide label="Reason (kept in the audit log)" problem={fieldProblem('reason')}>
          {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
        </Field>
        <FormActions problem={formProblem} saved={saved} pending={pending} wide>
          {segment ? 'Save changes' : 'Create segment'}
        </FormActions>
      </form>
      {segment && <RetireSegmentForm segment={segment} />}
    </>
  );
}

/** One condition: its field, the operator in words, its typed value and the server's problem. */
function ConditionRow({
  draft,
  index,
  problem,
  onChange,
  onRemove,
}: {
  draft: ConditionDraft;
  index: number;
  problem: string;
  onChange: (next: Partial<ConditionDraft>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const field = fieldOf(draft.kind);
  const n = index + 1;
  const invalid = problem
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` }
    : {};
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
      <label className="text-sm text-text-muted" htmlFor={`${id}-kind`}>
        Condition {n}: field
        <select
          id={`${id}-kind`}
          value={draft.kind}
          className={FILTER_INPUT}
          onChange={(e) => onChange({ kind: e.target.value as SegmentCondition['kind'] })}
        >
          {CONDITION_FIELDS.map((f) => (
            <option key={f.kind} value={f.kind}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <p className="text-sm text-text-muted" id={`${id}-operator`}>
        <span className="sr-only">Condition {n}: operator </span>
        {field.operator}
      </p>
      {field.value === 'none' ? (
        <span />
      ) : (
        <label className="text-sm text-text-muted" htmlFor={`${id}-value`}>
          Condition {n}:{' '}
          {field.value === 'countries' ? 'countries' : field.value === 'days' ? 'days' : 'level'}
          <input
            id={`${id}-value`}
            value={draft.value}
            inputMode={field.value === 'countries' ? 'text' : 'numeric'}
            type={field.value === 'countries' ? 'text' : 'number'}
            min={field.value === 'countries' ? undefined : 1}
            placeholder={field.value === 'countries' ? 'US, CA' : undefined}
            className={FILTER_INPUT}
            onChange={(e) => onChange({ value: e.target.value })}
            {...invalid}
          />
        </label>
      )}
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        aria-label={`Remove condition ${n}`}
        onClick={onRemove}
      >
        Remove
      </button>
      <FieldProblem id={`${id}-problem`} text={problem} />
    </li>
  );
}
