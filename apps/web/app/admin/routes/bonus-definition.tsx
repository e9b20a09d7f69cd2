import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminBonusDefinition } from '@coinfall/shared/contracts/admin-promotions';
import { BONUS_KINDS } from '@coinfall/shared/contracts/bonus';
import { adminMeta } from '../admin-meta';
import {
  createBonusDefinition,
  updateBonusDefinition,
  useBonusDefinition,
} from '../api/admin-promotions';
import { EditOrNew, EditorHeading, editedIdOf } from '../components/edit-or-new';
import { FILTER_INPUT } from '../components/filter-fields';
import { Field, FieldProblem, useFormProblems, FormActions } from '../components/edit-field';
import {
  instantOrNull,
  jsonField,
  localInputOf,
  wageringTenths,
  wageringText,
  wholeNumber,
} from '../promotions.fns';
import { formText } from '../search-params.fns';

export const meta = () => adminMeta('Bonus');

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value, null, 2));

/** A new definition starts from the common terms: slots and originals count fully. */
const BLANK: Omit<AdminBonusDefinition, 'id' | 'slug' | 'claims' | 'createdAt'> = {
  kind: 'code',
  rewards: [{ currency: 'GC', amount: 100_000 }],
  freeSpins: null,
  wageringTenths: 10,
  contributions: { slot: 100, original: 100, table: 20 },
  maxBet: {},
  activation: 'auto',
  activateWithinHours: 168,
  completeWithinHours: 168,
  claimFrom: null,
  claimUntil: null,
  eligibility: {},
  claimCap: null,
  enabled: true,
};

/** /admin/bonuses/new and /admin/bonuses/:id: one definition's terms, saved with a reason. */
export default function AdminBonusDefinition({ params }: { params: { id?: string } }) {
  const id = editedIdOf(params);
  return (
    <EditOrNew id={id} query={useBonusDefinition(id)}>
      {(definition) => <DefinitionForm definition={definition} />}
    </EditOrNew>
  );
}

function DefinitionForm({ definition }: { definition: AdminBonusDefinition | null }) {
  const navigate = useNavigate();
  const terms = definition ?? BLANK;
  const { formProblem, fieldProblem, pending, submitting } = useFormProblems();
  const [saved, setSaved] = useState('');

  const submit = async (form: FormData) => {
    const text = (name: string) => formText(form, name);
    const body = {
      ...(definition ? {} : { slug: text('slug').trim(), enabled: form.get('enabled') === 'on' }),
      kind: text('kind'),
      activation: text('activation'),
      rewards: jsonField(text('rewards'), 'rewards', []),
      freeSpins: jsonField(text('freeSpins'), 'freeSpins', null),
      wageringTenths: wageringTenths(text('wagering')),
      contributions: {
        slot: wholeNumber(text('contributions.slot'), 'contributions'),
        original: wholeNumber(text('contributions.original'), 'contributions'),
        table: wholeNumber(text('contributions.table'), 'contributions'),
      },
      maxBet: jsonField(text('maxBet'), 'maxBet', {}),
      activateWithinHours: wholeNumber(text('activateWithinHours'), 'activateWithinHours'),
      completeWithinHours: wholeNumber(text('completeWithinHours'), 'completeWithinHours'),
      claimFrom: instantOrNull(text('claimFrom'), 'claimFrom'),
      claimUntil: instantOrNull(text('claimUntil'), 'claimUntil'),
      claimCap: text('claimCap').trim() ? wholeNumber(text('claimCap'), 'claimCap') : null,
      eligibility: jsonField(text('eligibility'), 'eligibility', {}),
      reason: text('reason').trim(),
    };
    const result = definition
      ? await updateBonusDefinition(definition.id, body)
      : await createBonusDefinition(body);
    setSaved(`Saved ${result.slug}.`);
    if (!definition) await navigate(`/admin/bonuses/${result.id}`);
  };

  return (
    <>
      <EditorHeading
        title={definition ? `Bonus ${definition.slug}` : 'New bonus'}
        backTo="/admin/bonuses"
        backText="← All bonuses"
      />
      {definition && (
        <p className="mb-4 text-sm text-text-muted">
          Given {definition.claims} times{definition.enabled ? '' : ' · inactive'}. A change applies
          to the next player at once; bonuses already issued keep their terms.
        </p>
      )}
      <form
        aria-label={definition ? 'Edit the bonus' : 'Create a bonus'}
        className="grid max-w-3xl gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaved('');
          submitting(() => submit(new FormData(event.currentTarget)));
        }}
      >
        {!definition && (
          <Field label="Slug" problem={fieldProblem('slug')} hint="Lower-case, digits, dashes">
            {(props) => <input {...props} name="slug" required maxLength={64} />}
          </Field>
        )}
        <Field label="Kind" problem={fieldProblem('kind')}>
          {(props) => (
            <select {...props} name="kind" defaultValue={terms.kind}>
              {BONUS_KINDS.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Activation" problem={fieldProblem('activation')}>
          {(props) => (
            <select {...props} name="activation" defaultValue={terms.activation}>
              <option value="auto">Automatic (active on issue)</option>
              <option value="manual">The player activates it</option>
            </select>
          )}
        </Field>
        <Field
          label="Wagering (× the bonus)"
          problem={fieldProblem('wageringTenths')}
          hint="0 pays the reward as cash at once"
        >
          {(props) => (
            <input
              {...props}
              name="wagering"
              inputMode="decimal"
              defaultValue={wageringText(terms.wageringTenths)}
            />
          )}
        </Field>
        <Field
          wide
          label="Coins (JSON, minor units: 100 = 1 coin)"
          problem={fieldProblem('rewards')}
          hint='[{"currency":"GC","amount":100000}] or [{"currency":"GC","percent":100,"cap":1000000}]'
        >
          {(props) => (
            <textarea {...props} name="rewards" rows={4} defaultValue={json(terms.rewards)} />
          )}
        </Field>
        <Field
          wide
          label="Free spins (JSON, empty for none)"
          problem={fieldProblem('freeSpins')}
          hint='{"gameIdentity":"frosty-fortunes","count":10,"currency":"GC","bet":10000,"payout":"bonus"}'
        >
          {(props) => (
            <textarea {...props} name="freeSpins" rows={3} defaultValue={json(terms.freeSpins)} />
          )}
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-text-muted">
            Counts toward wagering (% of a stake)
          </legend>
          <div className="grid grid-cols-3 gap-3">
            {(['slot', 'original', 'table'] as const).map((k) => (
              <label key={k} className="text-sm text-text-muted">
                {k}
                <input
                  name={`contributions.${k}`}
                  inputMode="numeric"
                  defaultValue={String(terms.contributions[k])}
                  className={FILTER_INPUT}
                />
              </label>
            ))}
          </div>
          <FieldProblem text={fieldProblem('contributions')} />
        </fieldset>
        <Field
          label="Max bet per currency (JSON)"
          problem={fieldProblem('maxBet')}
          hint='{"GC":500000}'
        >
          {(props) => (
            <input {...props} name="maxBet" defaultValue={JSON.stringify(terms.maxBet)} />
          )}
        </Field>
        <Field label="Claim cap (empty: none)" problem={fieldProblem('claimCap')}>
          {(props) => (
            <input
              {...props}
              name="claimCap"
              inputMode="numeric"
              defaultValue={terms.claimCap === null ? '' : String(terms.claimCap)}
            />
          )}
        </Field>
        <Field label="Activate within (hours)" problem={fieldProblem('activateWithinHours')}>
          {(props) => (
            <input
              {...props}
              name="activateWithinHours"
              inputMode="numeric"
              defaultValue={String(terms.activateWithinHours)}
            />
          )}
        </Field>
        <Field label="Complete within (hours)" problem={fieldProblem('completeWithinHours')}>
          {(props) => (
            <input
              {...props}
              name="completeWithinHours"
              inputMode="numeric"
              defaultValue={String(terms.completeWithinHours)}
            />
          )}
        </Field>
        <Field label="Claimable from (UTC, empty: now)" problem={fieldProblem('claimFrom')}>
          {(props) => (
            <input
              {...props}
              name="claimFrom"
              type="datetime-local"
              defaultValue={localInputOf(terms.claimFrom)}
            />
          )}
        </Field>
        <Field label="Claimable until (UTC, empty: no end)" problem={fieldProblem('claimUntil')}>
          {(props) => (
            <input
              {...props}
              name="claimUntil"
              type="datetime-local"
              defaultValue={localInputOf(terms.claimUntil)}
            />
          )}
        </Field>
        <Field
          wide
          label="Eligibility (JSON)"
          problem={fieldProblem('eligibility')}
          hint='{"countries":["US"],"newPlayersWithinDays":7,"oncePer":"player"} — {} for everyone'
        >
          {(props) => (
            <textarea
              {...props}
              name="eligibility"
              rows={3}
              defaultValue={json(terms.eligibility)}
            />
          )}
        </Field>
        {!definition && (
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="enabled" defaultChecked className="size-4 accent-accent" />
            Active from the start
          </label>
        )}
        <Field wide label="Reason (kept in the audit log)" problem={fieldProblem('reason')}>
          {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
        </Field>
        <FormActions problem={formProblem} saved={saved} pending={pending} wide>
          {definition ? 'Save changes' : 'Create bonus'}
        </FormActions>
      </form>
    </>
  );
}
