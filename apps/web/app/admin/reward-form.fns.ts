import type { QuestReward } from '@coinfall/shared/contracts/retention';
import { FormProblem } from './failure.fns';

/** The kinds a reward picker offers; '' is "no reward" where a reward may be absent. */
export const REWARD_KINDS = ['bonus', 'freespins', 'coins', 'points'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** What the reward widgets hold: text as typed, amounts in major units (decision 066). */
export interface RewardFormState {
  kind: RewardKind | '';
  bonusSlug: string;
  currency: string;
  /** Major units as typed ("1000.50"); the reward carries minor units. */
  amount: string;
  points: string;
}

export const EMPTY_REWARD_FORM: RewardFormState = {
  kind: '',
  bonusSlug: '',
  currency: 'GC',
  amount: '',
  points: '',
};

/** Minor units as the input shows them: 100050 → "1000.50", 100000 → "1000". */
export function majorText(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const cents = Math.abs(minor % 100);
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** Major units as typed ("1,000.5") in minor units, or null when not an amount of cents. */
export function minorOf(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The widgets' state for a reward (null: none chosen). */
export function rewardFormOf(reward: QuestReward | null): RewardFormState {
  if (!reward) return EMPTY_REWARD_FORM;
  switch (reward.kind) {
    case 'bonus':
    case 'freespins':
      return { ...EMPTY_REWARD_FORM, kind: reward.kind, bonusSlug: reward.bonusSlug };
    case 'coins':
      return {
        ...EMPTY_REWARD_FORM,
        kind: 'coins',
        currency: reward.currency,
        amount: majorText(reward.amount),
      };
    case 'points':
      return { ...EMPTY_REWARD_FORM, kind: 'points', points: String(reward.points) };
  }
}

/**
 * The reward the widgets describe, or null for none. `field` names the reward in the API
 * (`reward`), so a problem lands on the widget the server would name (`reward.amount`).
 */
export function rewardOfForm(state: RewardFormState, field = 'reward'): QuestReward | null {
  switch (state.kind) {
    case '':
      return null;
    case 'bonus':
    case 'freespins': {
      const bonusSlug = state.bonusSlug.trim();
      if (!bonusSlug) throw new FormProblem(`${field}.bonusSlug`, 'Choose a bonus definition');
      return { kind: state.kind, bonusSlug };
    }
    case 'coins': {
      const amount = minorOf(state.amount);
      if (amount === null || amount <= 0) {
        throw new FormProblem(`${field}.amount`, 'An amount above 0 with at most 2 decimals');
      }
      return { kind: 'coins', currency: state.currency, amount };
    }
    case 'points': {
      const points = Number(state.points.trim());
      if (!state.points.trim() || !Number.isInteger(points) || points <= 0) {
        throw new FormProblem(`${field}.points`, 'Whole points above 0');
      }
      return { kind: 'points', points };
    }
  }
}

/** The widgets' state as a form submitted it (inputs named `<field>.kind`, `<field>.amount`…). */
export function rewardFormFromData(form: FormData, field = 'reward'): RewardFormState {
  const text = (name: string) => {
    const value = form.get(`${field}.${name}`);
    return typeof value === 'string' ? value : '';
  };
  const kind = text('kind');
  return {
    kind: (REWARD_KINDS as readonly string[]).includes(kind) ? (kind as RewardKind) : '',
    bonusSlug: text('bonusSlug'),
    currency: text('currency') || 'GC',
    amount: text('amount'),
    points: text('points'),
  };
}
