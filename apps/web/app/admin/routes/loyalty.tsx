import { useState } from 'react';
import {
  VIP_DAILY_BONUS_PERCENT_MAX,
  VIP_RAKEBACK_PERCENT_MAX,
  type AdminLoyaltyLevel,
  type AdminLoyaltySublevel,
} from '@coinfall/shared/contracts/admin-loyalty';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import {
  createLoyaltySublevel,
  retireLoyaltySublevel,
  updateLoyaltyBenefits,
  updateLoyaltyLevel,
  updateLoyaltySublevel,
  useLoyaltyLadder,
} from '../api/admin-loyalty';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { Field, useFormProblems, FormOutcome } from '../components/edit-field';
import { formText } from '../search-params.fns';

export const meta = () => adminMeta('Loyalty ladder');

/**
 * /admin/loyalty: the ladder's levels and their sublevels (decision 057). Each sublevel is its
 * own form; a player is placed by their points at the next read, so a saved threshold moves
 * them at once. Retiring asks first, and the server refuses while players sit on the sublevel.
 */
export default function AdminLoyalty() {
  const query = useLoyaltyLadder();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Loyalty ladder</h1>
      <p className="mb-4 max-w-3xl text-sm text-text-muted">
        Thresholds are whole points and must grow along the ladder. A reward names a bonus
        definition, issued once when a player reaches the sublevel.
      </p>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={6}>
        {(ladder) => (
          <div className="flex flex-col gap-8">
            {ladder.data.map((level) => (
              <LevelSection key={level.id} level={level} levels={ladder.data.length} />
            ))}
          </div>
        )}
      </LoadState>
    </>
  );
}

function LevelSection({ level, levels }: { level: AdminLoyaltyLevel; levels: number }) {
  const next = (level.sublevels.at(-1)?.order ?? 0) + 1;
  return (
    <section aria-labelledby={`level-${level.id}`}>
      <h2 id={`level-${level.id}`} className="mb-2 text-xl font-semibold">
        {level.label} <span className="text-sm text-text-muted">({level.slug})</span>
      </h2>
      <div className="flex flex-col gap-4">
        <details>
          <summary className="cursor-pointer text-sm text-accent">Edit level {level.label}</summary>
          <LevelForm key={`${level.slug}:${level.order}`} level={level} levels={levels} />
        </details>
        <details>
          <summary className="cursor-pointer text-sm text-accent">
            VIP benefits of {level.label}:{' '}
            {level.vip
              ? `daily bonus ${level.dailyBonusPercent} %, rakeback ${level.rakebackPercent} %${level.personalHost ? ', personal host' : ''}`
              : 'not VIP'}
          </summary>
          <BenefitsForm level={level} />
        </details>
        {level.sublevels.map((sub) => (
          <SublevelForm key={sub.id} levelId={level.id} sublevel={sub} />
        ))}
        <details>
          <summary className="cursor-pointer text-sm text-accent">
            Add a sublevel to {level.label}
          </summary>
          <SublevelForm levelId={level.id} sublevel={null} nextOrder={next} />
        </details>
      </div>
    </section>
  );
}

function SublevelForm({
  levelId,
  sublevel,
  nextOrder = 1,
}: {
  levelId: number;
  sublevel: AdminLoyaltySublevel | null;
  nextOrder?: number;
}) {
  const { formProblem, fieldProblem, pending, submitting } = useFormProblems();
  const [saved, setSaved] = useState('');
  const [retiring, setRetiring] = useState(false);
  const name = sublevel ? `sublevel ${sublevel.label}` : 'a new sublevel';

  const submit = async (form: FormData) => {
    const text = (field: string) => formText(form, field).trim();
    const body = {
      label: text('label'),
      order: Number(text('order')),
      points: Number(text('points')),
      bgColor: text('bgColor'),
      image: text('image'),
      bgImage: text('bgImage'),
      rewardSlug: text('rewardSlug') || null,
      reason: text('reason'),
    };
    const result = sublevel
      ? await updateLoyaltySublevel(sublevel.id, body)
      : await createLoyaltySublevel({ ...body, levelId });
    setSaved(`Saved ${result.label}.`);
  };

  return (
    <form
      aria-label={sublevel ? `Edit ${name}` : `Add a sublevel`}
      className="grid gap-3 rounded border border-border p-3 sm:grid-cols-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaved('');
        submitting(() => submit(new FormData(event.currentTarget)));
      }}
    >
      <Field label="Label" problem={fieldProblem('label')}>
        {(props) => (
          <input {...props} name="label" maxLength={60} defaultValue={sublevel?.label ?? ''} />
        )}
      </Field>
      <Field label="Order in level" problem={fieldProblem('order')}>
        {(props) => (
          <input
            {...props}
            name="order"
            type="number"
            min={1}
            defaultValue={sublevel?.order ?? nextOrder}
          />
        )}
      </Field>
      <Field label="Points threshold" problem={fieldProblem('points')}>
        {(props) => (
          <input {...props} name="points" type="number" min={0} defaultValue={sublevel?.points} />
        )}
      </Field>
      <Field label="Reward bonus slug (empty: none)" problem={fieldProblem('rewardSlug')}>
        {(props) => (
          <input {...props} name="rewardSlug" defaultValue={sublevel?.rewardSlug ?? ''} />
        )}
      </Field>
      <Field label="Colour (#rrggbb)" problem={fieldProblem('bgColor')}>
        {(props) => <input {...props} name="bgColor" defaultValue={sublevel?.bgColor ?? ''} />}
      </Field>
      <Field label="Image path" problem={fieldProblem('image')}>
        {(props) => <input {...props} name="image" defaultValue={sublevel?.image ?? ''} />}
      </Field>
      <Field label="Background image path" problem={fieldProblem('bgImage')}>
        {(props) => <input {...props} name="bgImage" defaultValue={sublevel?.bgImage ?? ''} />}
      </Field>
      <Field label="Reason (kept in the audit log)" problem={fieldProblem('reason')}>
        {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-4">
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonClass('primary', 'sm')}
        >
          {sublevel ? `Save ${sublevel.label}` : 'Add sublevel'}
        </button>
        {sublevel && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setRetiring(true)}
          >
            Retire {sublevel.label}
          </button>
        )}
        {sublevel && (
          <span className="text-sm text-text-muted">{sublevel.holders} players on it</span>
        )}
        <FormOutcome problem={formProblem} saved={saved} />
      </div>
      {retiring && sublevel && (
        <ConfirmDialog
          dialogKey="loyalty-sublevel-retire"
          title={`Retire ${sublevel.label}?`}
          description="The sublevel leaves the ladder. Refused while any player sits on it; rewards already issued for it stay."
          confirmLabel="Retire the sublevel"
          fields={[REASON_FIELD]}
          onClose={() => setRetiring(false)}
          onConfirm={async (values) => {
            await retireLoyaltySublevel(sublevel.id, String(values.reason));
          }}
        />
      )}
    </form>
  );
}

/**
 * A level's VIP benefits (decision 061). They move money, so the save asks first; a level that
 * is not VIP carries none (the server says which field otherwise).
 */
function BenefitsForm({ level }: { level: AdminLoyaltyLevel }) {
  const { formProblem, fieldProblem, clear, show } = useFormProblems();
  const [saved, setSaved] = useState('');
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);
  const read = (form: FormData) => ({
    vip: form.get('vip') === 'on',
    dailyBonusPercent: Number(formText(form, 'dailyBonusPercent').trim()),
    rakebackPercent: Number(formText(form, 'rakebackPercent').trim()),
    personalHost: form.get('personalHost') === 'on',
  });
  return (
    <form
      aria-label={`Edit VIP benefits of ${level.label}`}
      className="grid gap-3 rounded border border-border p-3 sm:grid-cols-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaved('');
        clear();
        setAsking(read(new FormData(event.currentTarget)));
      }}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="vip" defaultChecked={level.vip} />
        VIP level
      </label>
      <Field
        label="Daily bonus (% of base)"
        hint={`100 to ${VIP_DAILY_BONUS_PERCENT_MAX}; 100 when not VIP`}
        problem={fieldProblem('dailyBonusPercent')}
      >
        {(props) => (
          <input
            {...props}
            name="dailyBonusPercent"
            type="number"
            min={100}
            max={VIP_DAILY_BONUS_PERCENT_MAX}
            defaultValue={level.dailyBonusPercent}
          />
        )}
      </Field>
      <Field
        label="Rakeback (% of house edge)"
        hint={`0 to ${VIP_RAKEBACK_PERCENT_MAX}; 0 when not VIP`}
        problem={fieldProblem('rakebackPercent')}
      >
        {(props) => (
          <input
            {...props}
            name="rakebackPercent"
            type="number"
            min={0}
            max={VIP_RAKEBACK_PERCENT_MAX}
            defaultValue={level.rakebackPercent}
          />
        )}
      </Field>
      <div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="personalHost" defaultChecked={level.personalHost} />
          Personal host
        </label>
        <p className="mt-1 text-xs text-danger empty:hidden">{fieldProblem('personalHost')}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-4">
        <button type="submit" className={buttonClass('primary', 'sm')}>
          Save VIP benefits of {level.label}
        </button>
        <FormOutcome problem={formProblem} saved={saved} />
      </div>
      {asking && (
        <ConfirmDialog
          dialogKey="loyalty-benefits"
          title={`Change VIP benefits of ${level.label}?`}
          description="Players on this level get the new benefits from their next daily bonus and rakeback. Rakeback already accrued keeps its rate."
          confirmLabel="Save benefits"
          fields={[REASON_FIELD]}
          onConfirm={async (values) => {
            try {
              const result = await updateLoyaltyBenefits(level.id, {
                ...asking,
                reason: String(values.reason ?? ''),
              });
              setSaved(`Saved VIP benefits of ${result.label}.`);
            } catch (error) {
              // Field problems belong to the form; the dialog shows the server's words too.
              show(error);
              throw error;
            }
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </form>
  );
}

/**
 * A level's label, colour, images, slug and place on the ladder (decisions 057, 066). A level
 * holding thresholds can only move past levels without sublevels: the server says so on the
 * order field otherwise.
 */
function LevelForm({ level, levels }: { level: AdminLoyaltyLevel; levels: number }) {
  const { formProblem, fieldProblem, pending, submitting } = useFormProblems();
  const [saved, setSaved] = useState('');
  const submit = async (form: FormData) => {
    const text = (field: string) => formText(form, field).trim();
    const result = await updateLoyaltyLevel(level.id, {
      label: text('label'),
      slug: text('slug'),
      order: Number(text('order')),
      bgColor: text('bgColor'),
      image: text('image'),
      bgImage: text('bgImage'),
      reason: text('reason'),
    });
    setSaved(`Saved ${result.label}.`);
  };
  return (
    <form
      aria-label={`Edit level ${level.label}`}
      className="grid gap-3 rounded border border-border p-3 sm:grid-cols-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaved('');
        submitting(() => submit(new FormData(event.currentTarget)));
      }}
    >
      <Field label="Level label" problem={fieldProblem('label')}>
        {(props) => <input {...props} name="label" maxLength={60} defaultValue={level.label} />}
      </Field>
      <Field
        label="Level slug"
        hint="Lower-case letters, digits and dashes; the site's texts name the level by it"
        problem={fieldProblem('slug')}
      >
        {(props) => <input {...props} name="slug" maxLength={40} defaultValue={level.slug} />}
      </Field>
      <Field
        label="Place on the ladder"
        hint={`1 to ${levels}; the other levels close up`}
        problem={fieldProblem('order')}
      >
        {(props) => (
          <input
            {...props}
            name="order"
            type="number"
            min={1}
            max={levels}
            defaultValue={level.order}
          />
        )}
      </Field>
      <Field label="Level colour (#rrggbb)" problem={fieldProblem('bgColor')}>
        {(props) => <input {...props} name="bgColor" defaultValue={level.bgColor} />}
      </Field>
      <Field label="Level image path" problem={fieldProblem('image')}>
        {(props) => <input {...props} name="image" defaultValue={level.image} />}
      </Field>
      <Field label="Level background image path" problem={fieldProblem('bgImage')}>
        {(props) => <input {...props} name="bgImage" defaultValue={level.bgImage} />}
      </Field>
      <Field label="Reason (kept in the audit log)" problem={fieldProblem('reason')}>
        {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-4">
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonClass('primary', 'sm')}
        >
          Save level {level.label}
        </button>
        <FormOutcome problem={formProblem} saved={saved} />
      </div>
    </form>
  );
}
