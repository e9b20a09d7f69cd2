import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questRewardSchema, type QuestReward } from '@coinfall/shared/contracts/retention';
import { FormProblem } from './failure.fns';
import {
  EMPTY_REWARD_FORM,
  majorText,
  minorOf,
  rewardFormFromData,
  rewardFormOf,
  rewardOfForm,
} from './reward-form.fns';

const problemOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof FormProblem) return error.field;
    throw error;
  }
  return null;
};

describe('majorText and minorOf', () => {
  it('show minor units as major units and read them back', () => {
    expect(majorText(100_000)).toBe('1000');
    expect(majorText(100_050)).toBe('1000.50');
    expect(majorText(7)).toBe('0.07');
    expect(minorOf('1000')).toBe(100_000);
    expect(minorOf('1,000.5')).toBe(100_050);
    expect(minorOf(' 0.07 ')).toBe(7);
  });

  it('refuse what is not an amount of cents', () => {
    for (const text of ['', 'abc', '1.005', '-5', '1e3', '1.']) expect(minorOf(text)).toBeNull();
  });

  it('round-trip every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (minor) => {
        expect(minorOf(majorText(minor))).toBe(minor);
      }),
    );
  });
});

describe('rewardFormOf and rewardOfForm', () => {
  const rewards: QuestReward[] = [
    { kind: 'bonus', bonusSlug: 'welcome-100' },
    { kind: 'freespins', bonusSlug: 'spins-10' },
    { kind: 'coins', currency: 'SC', amount: 2_550 },
    { kind: 'points', points: 50 },
  ];

  it('round-trip each kind of reward through the widgets', () => {
    for (const reward of rewards) expect(rewardOfForm(rewardFormOf(reward))).toEqual(reward);
  });

  it('round-trip any valid reward', () => {
    const reward = fc.oneof(
      fc.record({
        kind: fc.constantFrom('bonus' as const, 'freespins' as const),
        bonusSlug: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
      }),
      fc.record({
        kind: fc.constant('coins' as const),
        currency: fc.constantFrom('GC', 'SC'),
        amount: fc.integer({ min: 1, max: 10 ** 11 }),
      }),
      fc.record({ kind: fc.constant('points' as const), points: fc.integer({ min: 1, max: 1e9 }) }),
    );
    fc.assert(
      fc.property(reward, (r) => {
        const back = rewardOfForm(rewardFormOf(r));
        expect(back).toEqual(r);
        expect(questRewardSchema.parse(back)).toEqual(r);
      }),
    );
  });

  it('is null for no kind, whatever else was typed', () => {
    expect(rewardFormOf(null)).toEqual(EMPTY_REWARD_FORM);
    expect(rewardOfForm({ ...EMPTY_REWARD_FORM, amount: 'junk' })).toBeNull();
  });

  it('names the widget of a missing or bad value, under the reward field', () => {
    const state = (change: object) => ({ ...EMPTY_REWARD_FORM, ...change });
    expect(problemOf(() => rewardOfForm(state({ kind: 'bonus' })))).toBe('reward.bonusSlug');
    expect(problemOf(() => rewardOfForm(state({ kind: 'coins', amount: '0' })))).toBe(
      'reward.amount',
    );
    expect(problemOf(() => rewardOfForm(state({ kind: 'coins', amount: '1.234' })))).toBe(
      'reward.amount',
    );
    expect(problemOf(() => rewardOfForm(state({ kind: 'points', points: '2.5' }), 'prize'))).toBe(
      'prize.points',
    );
  });

  it('reads the widgets back from a submitted form, an unknown kind as none', () => {
    const form = new FormData();
    form.set('reward.kind', 'coins');
    form.set('reward.currency', 'SC');
    form.set('reward.amount', '12.5');
    expect(rewardOfForm(rewardFormFromData(form))).toEqual({
      kind: 'coins',
      currency: 'SC',
      amount: 1_250,
    });
    form.set('reward.kind', 'cash');
    expect(rewardFormFromData(form).kind).toBe('');
  });
});
