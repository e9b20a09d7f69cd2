import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminQuest } from '@coinfall/shared/contracts/admin-promotions';
import { LOCALES } from '@coinfall/shared/locales';
import { adminMeta } from '../admin-meta';
import { createQuest, updateQuest, useQuest } from '../api/admin-promotions';
import { Field, useFormProblems, FormActions } from '../components/edit-field';
import { EditOrNew, EditorHeading, editedIdOf } from '../components/edit-or-new';
import { instantOrNull, jsonField, localInputOf } from '../promotions.fns';
import { rewardFormFromData, rewardOfForm } from '../reward-form.fns';
import { RewardEditor } from '../components/reward-editor';
import { formText } from '../search-params.fns';

export const meta = () => adminMeta('Quest');

const json = (value: unknown) => JSON.stringify(value, null, 2);
const empty = Object.fromEntries(LOCALES.map((l) => [l, ''])) as AdminQuest['name'];

const BLANK: Pick<
  AdminQuest,
  'name' | 'description' | 'activation' | 'reward' | 'eligibility' | 'endAt' | 'tasks' | 'image'
> = {
  name: empty,
  description: empty,
  image: null,
  activation: 'auto',
  reward: { kind: 'coins', currency: 'GC', amount: 100_000 },
  eligibility: {},
  endAt: null,
  tasks: [
    {
      id: 0,
      kind: 'play-rounds',
      name: empty,
      target: 10,
      currency: 'GC',
      gameIdentities: null,
      collection: null,
      minMultiplier: null,
    },
  ],
};

/** /admin/quests/new and /admin/quests/:id: names per locale, tasks, reward, window. */
export default function AdminQuestEditor({ params }: { params: { id?: string } }) {
  const id = editedIdOf(params);
  return (
    <EditOrNew id={id} query={useQuest(id)}>
      {(quest) => <QuestForm quest={quest} />}
    </EditOrNew>
  );
}

function QuestForm({ quest }: { quest: AdminQuest | null }) {
  const navigate = useNavigate();
  const terms = quest ?? BLANK;
  const { formProblem, fieldProblem, ownProblem, pending, submitting } = useFormProblems();
  const [saved, setSaved] = useState('');

  const submit = async (form: FormData) => {
    const text = (name: string) => formText(form, name);
    const perLocale = (field: string) =>
      Object.fromEntries(LOCALES.map((l) => [l, text(`${field}.${l}`).trim()]));
    const tasks = jsonField(text('tasks'), 'tasks', []) as Record<string, unknown>[];
    const body = {
      ...(quest ? {} : { identity: text('identity').trim(), enabled: true }),
      name: perLocale('name'),
      description: perLocale('description'),
      image: text('image').trim() || null,
      activation: text('activation'),
      reward: rewardOfForm(rewardFormFromData(form)),
      eligibility: jsonField(text('eligibility'), 'eligibility', {}),
      startAt: instantOrNull(text('startAt'), 'startAt') ?? new Date().toISOString(),
      endAt: instantOrNull(text('endAt'), 'endAt'),
      // The editor shows task ids for reference; the API identifies tasks by position.
      tasks: Array.isArray(tasks) ? tasks.map(({ id: _id, ...task }) => task) : tasks,
      reason: text('reason').trim(),
    };
    const result = quest ? await updateQuest(quest.id, body) : await createQuest(body);
    setSaved(`Saved ${result.identity}.`);
    if (!quest) await navigate(`/admin/quests/${result.id}`);
  };

  return (
    <>
      <EditorHeading
        title={quest ? `Quest ${quest.identity}` : 'New quest'}
        backTo="/admin/quests"
        backText="← All quests"
      />
      {quest && (
        <p className="mb-4 text-sm text-text-muted">
          {quest.holders} players hold it{quest.enabled ? '' : ' · inactive'}
          {quest.packageId === null ? '' : ` · step ${quest.position} of chain #${quest.packageId}`}
          . While anyone holds it, its tasks keep their rules; their names may change.
        </p>
      )}
      <form
        aria-label={quest ? 'Edit the quest' : 'Create a quest'}
        className="grid max-w-3xl gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaved('');
          submitting(() => submit(new FormData(event.currentTarget)));
        }}
      >
        {!quest && (
          <Field
            label="Identity"
            problem={fieldProblem('identity')}
            hint="Lower-case, digits, dashes"
          >
            {(props) => <input {...props} name="identity" required maxLength={64} />}
          </Field>
        )}
        <Field label="Activation" problem={fieldProblem('activation')}>
          {(props) => (
            <select {...props} name="activation" defaultValue={terms.activation}>
              <option value="auto">Automatic</option>
              <option value="manual">The player activates it</option>
            </select>
          )}
        </Field>
        {LOCALES.map((l) => (
          <Field key={`name-${l}`} label={`Name (${l})`} problem={fieldProblem(`name.${l}`)}>
            {(props) => <input {...props} name={`name.${l}`} defaultValue={terms.name[l]} />}
          </Field>
        ))}
        {LOCALES.map((l) => (
          <Field
            key={`description-${l}`}
            wide
            label={`Description (${l})`}
            problem={fieldProblem(`description.${l}`)}
          >
            {(props) => (
              <textarea
                {...props}
                name={`description.${l}`}
                rows={2}
                defaultValue={terms.description[l]}
              />
            )}
          </Field>
        ))}
        <Field
          wide
          label="Tasks (JSON; names in every locale)"
          problem={fieldProblem('tasks')}
          hint="kind: play-rounds, wager, win, win-multiplier, play-distinct-games, purchase, login-days, verify-email, verify-phone, verify-identity, complete-profile"
        >
          {(props) => (
            <textarea {...props} name="tasks" rows={10} defaultValue={json(terms.tasks)} />
          )}
        </Field>
        <RewardEditor
          legend="Reward"
          reward={terms.reward}
          problemOf={fieldProblem}
          ownProblemOf={ownProblem}
        />
        <Field
          wide
          label="Eligibility (JSON)"
          problem={fieldProblem('eligibility')}
          hint="{} for everyone"
        >
          {(props) => (
            <textarea
              {...props}
              name="eligibility"
              rows={2}
              defaultValue={json(terms.eligibility)}
            />
          )}
        </Field>
        <Field label="Starts (UTC, empty: now)" problem={fieldProblem('startAt')}>
          {(props) => (
            <input
              {...props}
              name="startAt"
              type="datetime-local"
              defaultValue={quest ? localInputOf(quest.startAt) : ''}
            />
          )}
        </Field>
        <Field label="Ends (UTC, empty: no end)" problem={fieldProblem('endAt')}>
          {(props) => (
            <input
              {...props}
              name="endAt"
              type="datetime-local"
              defaultValue={localInputOf(terms.endAt)}
            />
          )}
        </Field>
        <Field label="Image URL (optional)" problem={fieldProblem('image')}>
          {(props) => <input {...props} name="image" defaultValue={terms.image ?? ''} />}
        </Field>
        <Field wide label="Reason (kept in the audit log)" problem={fieldProblem('reason')}>
          {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
        </Field>
        <FormActions problem={formProblem} saved={saved} pending={pending} wide>
          {quest ? 'Save changes' : 'Create quest'}
        </FormActions>
      </form>
    </>
  );
}
