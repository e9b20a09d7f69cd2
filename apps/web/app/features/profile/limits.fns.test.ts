import type { PlayerLimit } from '@coinfall/shared/contracts/limits';
import {
  centsFromInput,
  formatCents,
  formatLimitAmount,
  freePeriods,
  freeTypes,
  inputFromCents,
  limitChangeOutcome,
  minutesFromInput,
  pendingChange,
  sortLimits,
} from './limits.fns.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LATER = '2026-03-02T12:00:00.000Z';
const EARLIER = '2026-02-28T12:00:00.000Z';

const limit = (overrides: Partial<PlayerLimit> = {}): PlayerLimit => ({
  limitId: '3c9b7a2e-1f4d-4e8a-9c6b-2d5e8f1a3b4c',
  type: 'purchase',
  period: 'day',
  amount: 5000,
  currency: 'USD',
  pendingAmount: null,
  effectiveAt: null,
  removesAt: null,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  ...overrides,
});

describe('centsFromInput', () => {
  it('reads units with up to two decimals, dot or comma', () => {
    expect(centsFromInput('12')).toBe(1200);
    expect(centsFromInput('12.5')).toBe(1250);
    expect(centsFromInput('12,05')).toBe(1205);
    expect(centsFromInput(' 0.01 ')).toBe(1);
  });

  it('refuses zero, negatives, three decimals and words', () => {
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'ten', '1e3'])
      expect(centsFromInput(bad), bad).toBeUndefined();
  });

  it('round-trips with inputFromCents', () => {
    expect(centsFromInput(inputFromCents(123456))).toBe(123456);
  });
});

describe('formatCents', () => {
  it('formats in the currency of the limit', () => {
    expect(formatCents(1250, 'USD', 'en')).toBe('$12.50');
  });
  it('falls back to the code for a currency Intl does not know', () => {
    expect(formatCents(1250, 'GOLD1', 'en')).toBe('12.50 GOLD1');
  });
});

describe('pendingChange', () => {
  it('shows a raise waiting for its cooling-off', () => {
    expect(pendingChange(limit({ pendingAmount: 9000, effectiveAt: LATER }), NOW)).toEqual({
      kind: 'raise',
      amount: 9000,
      at: LATER,
    });
  });

  it('shows a scheduled removal', () => {
    expect(pendingChange(limit({ removesAt: LATER }), NOW)).toEqual({
      kind: 'removal',
      at: LATER,
    });
  });

  it('shows nothing for a limit in force or a change whose time has passed', () => {
    expect(pendingChange(limit(), NOW)).toBeUndefined();
    expect(
      pendingChange(limit({ pendingAmount: 9000, effectiveAt: EARLIER }), NOW),
    ).toBeUndefined();
  });
});

describe('limitChangeOutcome', () => {
  it('says a decrease applies at once', () => {
    expect(limitChangeOutcome(limit(), limit({ amount: 3000 }), NOW)).toEqual({
      kind: 'applied',
      amount: 3000,
    });
  });

  it('says an increase is pending until its time', () => {
    expect(
      limitChangeOutcome(limit(), limit({ pendingAmount: 9000, effectiveAt: LATER }), NOW),
    ).toEqual({ kind: 'pending', amount: 9000, at: LATER });
  });

  it('says a removal is scheduled', () => {
    expect(limitChangeOutcome(limit(), limit({ removesAt: LATER }), NOW)).toEqual({
      kind: 'removal',
      at: LATER,
    });
  });

  it('says nothing changed for the same amount', () => {
    expect(limitChangeOutcome(limit(), limit(), NOW)).toEqual({ kind: 'unchanged' });
  });
});

describe('sortLimits', () => {
  it('orders purchase, loss, wager, then day, week, month within a type', () => {
    const limits = [
      limit({ type: 'wager', period: 'day' }),
      limit({ type: 'loss', period: 'month' }),
      limit({ type: 'purchase', period: 'week' }),
      limit({ type: 'loss', period: 'day' }),
    ];
    expect(sortLimits(limits).map((l) => `${l.type}:${l.period}`)).toEqual([
      'purchase:week',
      'loss:day',
      'loss:month',
      'wager:day',
    ]);
  });
});

describe('freePeriods and freeTypes', () => {
  const PERIODS = ['day', 'week', 'month'] as const;
  const TYPES = ['purchase', 'loss', 'wager'] as const;

  it('lists the periods still free for one type only', () => {
    const limits = [
      limit({ type: 'loss', period: 'month' }),
      limit({ type: 'loss', period: 'day' }),
      limit({ type: 'purchase', period: 'week' }),
    ];
    expect(freePeriods(limits, 'loss', PERIODS)).toEqual(['week']);
    expect(freePeriods(limits, 'purchase', PERIODS)).toEqual(['day', 'month']);
    expect(freePeriods(limits, 'wager', PERIODS)).toEqual(['day', 'week', 'month']);
  });

  it('offers only the types with a free period left', () => {
    const lossesAllSet = PERIODS.map((period) => limit({ type: 'loss', period }));
    expect(freeTypes(lossesAllSet, TYPES, PERIODS)).toEqual(['purchase', 'wager']);
    const everythingSet = TYPES.flatMap((type) => PERIODS.map((period) => limit({ type, period })));
    expect(freeTypes(everythingSet, TYPES, PERIODS)).toEqual([]);
  });
});

describe('session-time limits', () => {
  it('reads whole minutes up to the period’s length', () => {
    expect(minutesFromInput(' 90 ', 'day')).toBe(90);
    expect(minutesFromInput('1440', 'day')).toBe(1440);
    expect(minutesFromInput('1441', 'day')).toBeUndefined();
    expect(minutesFromInput('1441', 'week')).toBe(1441);
    expect(minutesFromInput('0', 'day')).toBeUndefined();
    expect(minutesFromInput('1.5', 'day')).toBeUndefined();
  });

  it('shows minutes, not money, and sorts after the money limits', () => {
    const time = limit({ type: 'session-time', currency: 'MIN' });
    expect(formatLimitAmount(time, 90, 'en')).toBe('90 min');
    expect(formatLimitAmount(limit(), 1250, 'en')).toBe('$12.50');
    expect(sortLimits([time, limit({ type: 'wager' })]).map((l) => l.type)).toEqual([
      'wager',
      'session-time',
    ]);
  });
});
