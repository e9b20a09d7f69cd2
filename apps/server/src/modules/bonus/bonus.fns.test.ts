import fc from 'fast-check';
import { BonusResult, BonusStatus } from '@coinfall/shared';
import {
  BonusTransitionError,
  exceedsMaxBet,
  matchAmount,
  nextBonusState,
  progressAfter,
  splitStake,
  splitWin,
  wageringContribution,
  wageringRequired,
  type BonusEvent,
  type BonusState,
} from './bonus.fns.ts';

const issued: BonusState = { status: BonusStatus.Issued, result: null };
const active: BonusState = { status: BonusStatus.Active, result: null };
const EVENTS: BonusEvent[] = ['activate', 'complete', 'cancel', 'expire', 'deplete'];

describe('nextBonusState', () => {
  it('activates, cancels or expires an issued bonus', () => {
    expect(nextBonusState(issued, 'activate')).toEqual(active);
    expect(nextBonusState(issued, 'cancel')).toEqual({
      status: BonusStatus.Finished,
      result: BonusResult.Canceled,
    });
    expect(nextBonusState(issued, 'expire')).toEqual({
      status: BonusStatus.Finished,
      result: BonusResult.Expired,
    });
  });

  it('refuses to complete or deplete a bonus that is not active', () => {
    for (const event of ['complete', 'deplete'] as const) {
      expect(() => nextBonusState(issued, event)).toThrow('This bonus is not active yet');
    }
  });

  it('finishes an active bonus with the result its event names', () => {
    const results: [BonusEvent, number][] = [
      ['complete', BonusResult.Played],
      ['cancel', BonusResult.Canceled],
      ['expire', BonusResult.Expired],
      ['deplete', BonusResult.Lost],
    ];
    for (const [event, result] of results) {
      expect(nextBonusState(active, event), event).toEqual({
        status: BonusStatus.Finished,
        result,
      });
    }
    expect(() => nextBonusState(active, 'activate')).toThrow('This bonus is active already');
  });

  it('keeps a finished bonus final, whatever happens to it', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENTS), { maxLength: 12 }), (events) => {
        let state = issued;
        let finishedAs: BonusState | null = null;
        for (const event of events) {
          try {
            state = nextBonusState(state, event);
          } catch (error) {
            expect(error).toBeInstanceOf(BonusTransitionError);
          }
          if (finishedAs) expect(state).toEqual(finishedAs);
          if (state.status === BonusStatus.Finished) finishedAs ??= state;
          expect(state.result === null).toBe(state.status !== BonusStatus.Finished);
        }
      }),
    );
  });
});

describe('splitStake and splitWin', () => {
  it('takes cash first, then bonus, and refuses what both cannot cover', () => {
    expect(splitStake(100, 250, 40)).toEqual({ fromCash: 100, fromBonus: 0 });
    expect(splitStake(100, 30, 400)).toEqual({ fromCash: 30, fromBonus: 70 });
    expect(splitStake(100, 0, 100)).toEqual({ fromCash: 0, fromBonus: 100 });
    expect(splitStake(100, 60, 39)).toBeNull();
  });

  it('sends the bonus share of a win to the bonus balance, rounded down', () => {
    expect(splitWin(300, { fromCash: 30, fromBonus: 70 })).toEqual({ toCash: 90, toBonus: 210 });
    expect(splitWin(10, { fromCash: 1, fromBonus: 2 })).toEqual({ toCash: 4, toBonus: 6 });
    expect(splitWin(500, { fromCash: 100, fromBonus: 0 })).toEqual({ toCash: 500, toBonus: 0 });
  });

  it('never creates or loses a unit, even past 2^53 in the intermediate product', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (win, fromCash, fromBonus) => {
          const { toCash, toBonus } = splitWin(win, { fromCash, fromBonus });
          expect(toCash + toBonus).toBe(win);
          expect(toBonus).toBeGreaterThanOrEqual(0);
          if (fromBonus === 0) expect(toBonus).toBe(0);
          if (fromCash === 0) expect(toCash).toBe(0);
        },
      ),
    );
  });

  it('refuses a fractional or negative amount', () => {
    expect(() => splitStake(1.5, 10, 0)).toThrow(RangeError);
    expect(() => splitWin(-1, { fromCash: 1, fromBonus: 0 })).toThrow(RangeError);
  });
});

describe('wagering', () => {
  it('counts a stake times its game weight, rounded down', () => {
    expect(wageringContribution(250, 100)).toBe(250);
    expect(wageringContribution(250, 10)).toBe(25);
    expect(wageringContribution(99, 5)).toBe(4);
    expect(wageringContribution(250, 0)).toBe(0);
    expect(() => wageringContribution(100, 101)).toThrow(RangeError);
    expect(() => wageringContribution(100, 12.5)).toThrow(RangeError);
  });

  it('asks the amount times the multiplier, tenths exact, rounded down', () => {
    expect(wageringRequired(1000, 30)).toBe(30_000);
    expect(wageringRequired(15, 1.5)).toBe(22);
    expect(wageringRequired(1000, 0)).toBe(0);
    expect(() => wageringRequired(1000, 1.25)).toThrow(RangeError);
  });

  it('keeps progress between zero and the requirement; a refund takes back what it counted', () => {
    expect(progressAfter(900, 250, 1000)).toBe(1000);
    expect(progressAfter(100, -250, 1000)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        (start, stake, weight) => {
          const required = 1_000_000;
          const counted = wageringContribution(stake, weight);
          const after = progressAfter(start, counted, required);
          expect(progressAfter(after, -counted, required)).toBe(start);
        },
      ),
    );
  });
});

describe('matchAmount and exceedsMaxBet', () => {
  it('matches a percentage of the payment up to the cap', () => {
    expect(matchAmount(2000, 100, 5000)).toBe(2000);
    expect(matchAmount(2000, 50, 5000)).toBe(1000);
    expect(matchAmount(20_000, 100, 5000)).toBe(5000);
    expect(matchAmount(333, 50, 5000)).toBe(166);
  });

  it('refuses only stakes above a set maximum', () => {
    expect(exceedsMaxBet(501, 500)).toBe(true);
    expect(exceedsMaxBet(500, 500)).toBe(false);
    expect(exceedsMaxBet(10 ** 9, null)).toBe(false);
  });
});

/**
 * A bonus session as the ledger would see it: cash, bonus and house balances. Whatever sequence
 * of stakes, wins, refunds and a final cancellation or completion, money is only moved.
 */
describe('a bonus session', () => {
  type Step =
    | { kind: 'stake'; amount: number; multiplier: number; refunded: boolean }
    | { kind: 'finish'; how: 'cancel' | 'complete' };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('stake' as const),
      amount: fc.integer({ min: 1, max: 500 }),
      multiplier: fc.constantFrom(0, 0, 0.5, 1, 2, 10),
      refunded: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('finish' as const), how: fc.constantFrom('cancel', 'complete') }),
  );

  it('creates or destroys no money, and never lets a balance go negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.array(step, { maxLength: 40 }),
        (cash0, bonus0, steps) => {
          const b = { cash: cash0, bonus: bonus0, house: -(cash0 + bonus0) };
          let state = active;
          for (const s of steps) {
            if (state.status === BonusStatus.Finished) break;
            if (s.kind === 'finish') {
              if (s.how === 'cancel') {
                b.house += b.bonus; // forfeited
              } else {
                b.cash += b.bonus; // converted
              }
              b.bonus = 0;
              state = nextBonusState(state, s.how);
              continue;
            }
            const split = splitStake(s.amount, b.cash, b.bonus);
            if (!split) continue;
            b.cash -= split.fromCash;
            b.bonus -= split.fromBonus;
            b.house += s.amount;
            const win = s.refunded ? s.amount : Math.floor(s.amount * s.multiplier);
            const back = s.refunded
              ? { toCash: split.fromCash, toBonus: split.fromBonus }
              : splitWin(win, split);
            b.cash += back.toCash;
            b.bonus += back.toBonus;
            b.house -= win;
            if (b.bonus === 0) state = nextBonusState(state, 'deplete');
          }
          expect(b.cash + b.bonus + b.house).toBe(0);
          expect(b.cash).toBeGreaterThanOrEqual(0);
          expect(b.bonus).toBeGreaterThanOrEqual(0);
          if (state.status === BonusStatus.Finished) expect(b.bonus).toBe(0);
        },
      ),
    );
  });
});
