import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminQuest } from '@coinfall/shared/contracts/admin-promotions';
import { LOCALES } from '@coinfall/shared/locales';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { createQuestPackage, useQuests } from '../api/admin-promotions';
import { Field, FieldProblem, useFormProblems, FormActions } from '../components/edit-field';
import { EditorHeading } from '../components/edit-or-new';
import { instantOrNull, moveStep } from '../promotions.fns';
import { rewardFormFromData, rewardOfForm } from '../reward-form.fns';
import { RewardEditor } from '../components/reward-editor';
import { formText } from '../search-params.fns';

export const meta = () => adminMeta('New quest chain');

/** /admin/quests/chains/new: a chain composed of existing single quests, in order (decision 057). */
export default function AdminQuestChainNew() {
  // Quests no chain holds and no player holds: the ones a chain may take (the server checks again).
  const query = useQuests({ page: 1, perPage: 100, enabled: undefined, sort: 'id', order: 'desc' });
  return (
    <>
      <EditorHeading title="New quest chain" backTo="/admin/quests" backText="← All quests" />
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={4}>
        {(list) => (
          <ChainForm free={list.data.filter((q) => q.packageId === null && q.holders === 0)} />
        )}
      </LoadState>
    </>
  );
}

function ChainForm({ free }: { free: AdminQuest[] }) {
  const navigate = useNavigate();
  const { formProblem, fieldProblem, ownProblem, pending, submitting } = useFormProblems();
  const [steps, setSteps] = useState<AdminQuest[]>([]);
  const [pick, setPick] = useState('');
  const available = free.filter((q) => !steps.some((s) => s.id === q.id));

  const submit = async (form: FormData) => {
    const text = (name: string) => formText(form, name).trim();
    const perLocale = (field: string) =>
      Object.fromEntries(LOCALES.map((l) => [l, text(`${field}.${l}`)]));
    await createQuestPackage({
      identity: text('identity'),
      enabled: true,
      name: perLocale('name'),
      description: perLocale('description'),
      image: text('image') || null,
      reward: rewardOfForm(rewardFormFromData(form)),
      eligibility: {},
      startAt: instantOrNull(text('startAt'), 'startAt') ?? new Date().toISOString(),
      endAt: instantOrNull(text('endAt'), 'endAt'),
      questIds: steps.map((s) => s.id),
      reason: text('reason'),
    });
    await navigate('/admin/quests');
  };

  return (
    <form
      aria-label="Create a quest chain"
      className="grid max-w-3xl gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submitting(() => submit(new FormData(event.currentTarget)));
      }}
    >
      <Field label="Identity" problem={fieldProblem('identity')} hint="Lower-case, digits, dashes">
        {(props) => <input {...props} name="identity" required maxLength={64} />}
      </Field>
      <Field label="Image URL (optional)" problem={fieldProblem('image')}>
        {(props) => <input {...props} name="image" />}
      </Field>
      {LOCALES.map((l) => (
        <Field key={`name-${l}`} label={`Name (${l})`} problem={fieldProblem(`name.${l}`)}>
          {(props) => <input {...props} name={`name.${l}`} />}
        </Field>
      ))}
      {LOCALES.map((l) => (
        <Field
          key={`description-${l}`}
          wide
          label={`Description (${l})`}
          problem={fieldProblem(`description.${l}`)}
        >
          {(props) => <textarea {...props} name={`description.${l}`} rows={2} />}
        </Field>
      ))}
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-semibold">
          Steps, in the order players walk them
        </legend>
        {steps.length === 0 ? (
          <p className="text-sm text-text-muted">No step yet: add existing quests below.</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {steps.map((step, i) => (
              <li key={step.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="min-w-48">
                  {i + 1}. {step.identity}
                </span>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Move ${step.identity} up`}
                  disabled={i === 0}
                  onClick={() => setSteps(moveStep(steps, i, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Move ${step.identity} down`}
                  disabled={i === steps.length - 1}
                  onClick={() => setSteps(moveStep(steps, i, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`Remove ${step.identity}`}
                  onClick={() => setSteps(steps.filter((s) => s.id !== step.id))}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Quest to add (single quests no player holds)
            <select value={pick} onChange={(e) => setPick(e.target.value)}>
              <option value="">Choose a quest</option>
              {available.map((q) => (
                <option key={q.id} value={String(q.id)}>
                  {q.identity}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={pick === ''}
            onClick={() => {
              const quest = available.find((q) => String(q.id) === pick);
              if (quest) setSteps([...steps, quest]);
              setPick('');
            }}
          >
            Add step
          </button>
        </div>
        <FieldProblem text={fieldProblem('questIds')} />
      </fieldset>
      <RewardEditor
        legend="Final reward"
        reward={null}
        optional
        problemOf={fieldProblem}
        ownProblemOf={ownProblem}
      />
      <Field label="Starts (UTC, empty: now)" problem={fieldProblem('startAt')}>
        {(props) => <input {...props} name="startAt" type="datetime-local" />}
      </Field>
      <Field label="Ends (UTC, empty: no end)" problem={fieldProblem('endAt')}>
        {(props) => <input {...props} name="endAt" type="datetime-local" />}
      </Field>
      <Field wide label="Reason (kept in the audit log)" problem={fieldProblem('reason')}>
        {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
      </Field>
      <FormActions problem={formProblem} pending={pending} wide>
        Create chain
      </FormActions>
    </form>
  );
}
