import { useState } from 'react';
import type { AdminBonusDefinitionQuery } from '@coinfall/shared/contracts/admin-promotions';
import { GAME_CURRENCIES } from '@coinfall/shared/contracts/game';
import type { QuestReward } from '@coinfall/shared/contracts/retention';
import { ADMIN_REWARD_TEXTS } from '../admin-texts';
import { useBonusDefinitions } from '../api/admin-promotions';
import { REWARD_KINDS, rewardFormOf, type RewardKind } from '../reward-form.fns';
import { Field } from './edit-field';

/** Enough for the picker: the operator's definitions are a few dozen (decision 066). */
const DEFINITIONS_QUERY: AdminBonusDefinitionQuery = {
  page: 1,
  perPage: 100,
  enabled: undefined,
  sort: 'slug',
  order: 'asc',
};

/**
 * A reward as widgets (decision 066): the kind first, then that kind's fields — a bonus
 * definition picked from the admin API's list, coins in major units, whole points. Inputs are
 * named `<field>.kind`, `<field>.amount`…; `rewardFormFromData` reads them back. Problems show
 * on the widget the server names (`reward.amount`), the reward's own next to the kind.
 */
export function RewardEditor({
  field = 'reward',
  legend,
  reward,
  optional = false,
  problemOf,
  ownProblemOf,
}: {
  field?: string;
  legend: string;
  reward: QuestReward | null;
  /** Whether "no reward" is a choice. */
  optional?: boolean;
  problemOf: (name: string) => string;
  ownProblemOf: (name: string) => string;
}) {
  const initial = rewardFormOf(reward);
  const [kind, setKind] = useState<RewardKind | ''>(initial.kind);
  const texts = ADMIN_REWARD_TEXTS;
  return (
    <fieldset className="grid gap-3 rounded border border-border p-3 sm:col-span-2 sm:grid-cols-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <Field label={texts.kind} problem={ownProblemOf(field) || problemOf(`${field}.kind`)}>
        {(props) => (
          <select
            {...props}
            name={`${field}.kind`}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as RewardKind | '')}
          >
            {(optional || kind === '') && (
              <option value="">{optional ? texts.none : texts.choose}</option>
            )}
            {REWARD_KINDS.map((k) => (
              <option key={k} value={k}>
                {texts.kinds[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {(kind === 'bonus' || kind === 'freespins') && (
        <DefinitionPicker
          key={kind}
          field={field}
          kind={kind}
          slug={initial.bonusSlug}
          problem={problemOf(`${field}.bonusSlug`)}
        />
      )}
      {kind === 'coins' && (
        <>
          <Field label={texts.currency} problem={problemOf(`${field}.currency`)}>
            {(props) => (
              <select {...props} name={`${field}.currency`} defaultValue={initial.currency}>
                {GAME_CURRENCIES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={texts.amount}
            hint={texts.amountHint}
            problem={problemOf(`${field}.amount`)}
          >
            {(props) => (
              <input
                {...props}
                name={`${field}.amount`}
                inputMode="decimal"
                defaultValue={initial.amount}
              />
            )}
          </Field>
        </>
      )}
      {kind === 'points' && (
        <Field label={texts.points} problem={problemOf(`${field}.points`)}>
          {(props) => (
            <input
              {...props}
              name={`${field}.points`}
              type="number"
              min={1}
              step={1}
              defaultValue={initial.points}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}

/**
 * The bonus definitions a reward may issue: for free spins those that carry spins, their game
 * and count shown once chosen. A slug the list lacks (disabled or gone) stays selectable.
 */
function DefinitionPicker({
  field,
  kind,
  slug,
  problem,
}: {
  field: string;
  kind: 'bonus' | 'freespins';
  slug: string;
  problem: string;
}) {
  const texts = ADMIN_REWARD_TEXTS;
  const query = useBonusDefinitions(DEFINITIONS_QUERY);
  const [chosen, setChosen] = useState(slug);
  const definitions = (query.data?.data ?? []).filter((d) =>
    kind === 'freespins' ? d.freeSpins !== null : d.rewards.length > 0,
  );
  const known = definitions.some((d) => d.slug === chosen);
  const spins = definitions.find((d) => d.slug === chosen)?.freeSpins;
  return (
    <Field
      wide
      label={kind === 'freespins' ? texts.spinsDefinition : texts.bonusDefinition}
      hint={
        query.isError
          ? texts.listFailed
          : spins
            ? texts.spinsOf(spins.count, spins.gameIdentity)
            : undefined
      }
      problem={problem}
    >
      {(props) => (
        <select
          {...props}
          name={`${field}.bonusSlug`}
          value={chosen}
          aria-busy={query.isPending || undefined}
          onChange={(event) => setChosen(event.currentTarget.value)}
        >
          <option value="">{query.isPending ? texts.loading : texts.choose}</option>
          {chosen && !known && <option value={chosen}>{chosen}</option>}
          {definitions.map((d) => (
            <option key={d.id} value={d.slug}>
              {d.slug}
              {d.enabled ? '' : ` ${texts.disabled}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
