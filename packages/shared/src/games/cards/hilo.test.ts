import type { FloatSource, Step } from '../engine.ts';
import { mappedRankProbabilities, rankOf } from './card.fns.ts';
import { EngineRuleError } from '../engine-rule-error.ts';
import { hiloActionSchema, hiloEngine, type HiloAction, type HiloState } from './hilo.engine.ts';
import {
  HILO_MAX_MULTIPLIER_E4,
  HILO_RTP,
  guessReturn,
  stepMultiplierE4,
  winningRanks,
  type HiloGuess,
} from './hilo.fns.ts';
import {
  cardOfRank,
  expectationOverRanks,
  fairFloats,
  meanAndSd,
  scriptedCards,
  seededFloats,
} from './float-sources.test-support.ts';

const act = (floats: FloatSource, state: HiloState, action: HiloAction) =>
  hiloEngine.act!(floats, state, action);

function ruleError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineRuleError) return error.code;
    throw error;
  }
  throw new Error('no rule error');
}

describe('hi-lo odds', () => {
  it('counts winning ranks as "higher or same" / "lower or same", strict on an ace or a king', () => {
    expect(winningRanks(1, 'higher')).toBe(12); // 2…K
    expect(winningRanks(1, 'lower')).toBe(1); // ace again
    expect(winningRanks(7, 'higher')).toBe(7); // 7…K
    expect(winningRanks(7, 'lower')).toBe(7); // A…7
    expect(winningRanks(13, 'higher')).toBe(1); // king again
    expect(winningRanks(13, 'lower')).toBe(12); // A…Q
  });

  it('pays 0.99 / P(win) per step in 1/10 000, rounded down', () => {
    expect(stepMultiplierE4(1, 'lower')).toBe(128_700);
    expect(stepMultiplierE4(1, 'higher')).toBe(10_725);
    expect(stepMultiplierE4(7, 'higher')).toBe(18_385); // 18 385.71…
    expect(stepMultiplierE4(6, 'higher')).toBe(16_087); // 8 ranks: 16 087.5
    expect(stepMultiplierE4(8, 'higher')).toBe(21_450);
  });

  it('advertises the worst single guess, 128 695 / 130 000, and every guess returns 98.996–99 %', () => {
    expect(HILO_RTP).toBeCloseTo(128_695 / 130_000, 12);
    for (let rank = 1; rank <= 13; rank += 1) {
      for (const guess of ['higher', 'lower'] as const) {
        expect(guessReturn(rank, guess)).toBeGreaterThanOrEqual(HILO_RTP);
        expect(guessReturn(rank, guess)).toBeLessThanOrEqual(0.99 + 1e-15);
        expect(Math.abs(guessReturn(rank, guess) - 0.99)).toBeLessThan(0.0001); // F3: ±0.01 pp
      }
    }
  });
});

describe('hi-lo exact RTP (F3), enumerated through the engine', () => {
  const bet = 1_000_000; // payout floors lose < 1 minor unit: < 1e-6 relative

  it.each([1, 5, 6, 7, 8, 13])('one guess from rank %i returns guessReturn exactly', (rank) => {
    for (const guess of ['higher', 'lower'] as const) {
      const expected = expectationOverRanks((floats) => {
        const opened = hiloEngine.start(scriptedCards([cardOfRank(rank)]), bet, {});
        const guessed = act(floats, opened.state, { type: guess });
        return guessed.done
          ? guessed.payout
          : act(floats, guessed.state, { type: 'cashout' }).payout;
      });
      expect(expected / bet).toBeCloseTo(guessReturn(rank, guess), 6);
    }
  });

  it('a whole round of two guesses (best side, then cash out) returns the product of the guesses', () => {
    const bestSide = (rank: number): HiloGuess =>
      winningRanks(rank, 'higher') >= winningRanks(rank, 'lower') ? 'higher' : 'lower';
    const enumerated = expectationOverRanks((floats) => playBestSide(floats, bet, 2).payout) / bet;
    // Exact: V(rank, k) = return of the guess × E[V(next rank, k − 1) | win].
    const value = (rank: number, left: number): number => {
      if (left === 0) return 1;
      const guess = bestSide(rank);
      const winners = Array.from({ length: 13 }, (_, i) => i + 1).filter((next) =>
        guess === 'higher'
          ? rank === 1
            ? next > 1
            : next >= rank
          : rank === 13
            ? next < 13
            : next <= rank,
      );
      const onWin = winners.reduce((s, next) => s + value(next, left - 1), 0) / winners.length;
      return guessReturn(rank, guess) * onWin;
    };
    const exact =
      Array.from({ length: 13 }, (_, i) => value(i + 1, 2)).reduce((s, v) => s + v, 0) / 13;
    expect(enumerated).toBeCloseTo(exact, 5);
    expect(exact).toBeGreaterThan(0.99 ** 2 - 0.0001);
  });

  it('the float mapping moves a guess by less than 10^-7 (bias bounded by 52 / 2^32)', () => {
    const mapped = mappedRankProbabilities();
    expect(mapped.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 15);
    for (const p of mapped) expect(Math.abs(p - 1 / 13)).toBeLessThan(52 / 2 ** 32);
    for (let rank = 1; rank <= 13; rank += 1) {
      const pWin = mapped
        .filter((_, i) => (rank === 1 ? i + 1 > 1 : i + 1 >= rank))
        .reduce((s, p) => s + p, 0);
      const mappedReturn = (pWin * stepMultiplierE4(rank, 'higher')) / 10_000;
      expect(Math.abs(mappedReturn - guessReturn(rank, 'higher'))).toBeLessThan(1e-7);
    }
  });
});

/** Strategy for tests: the side with more winning ranks, cash out after `wins` correct guesses. */
function playBestSide(floats: FloatSource, bet: number, wins: number): Step<HiloState> {
  let step = hiloEngine.start(floats, bet, {});
  while (!step.done) {
    if (step.state.stepsE4.length >= wins) return act(floats, step.state, { type: 'cashout' });
    const rank = rankOf(step.state.draws.at(-1)!.card);
    const guess = winningRanks(rank, 'higher') >= winningRanks(rank, 'lower') ? 'higher' : 'lower';
    step = act(floats, step.state, { type: guess });
  }
  return step;
}

describe('hi-lo round', () => {
  it('refuses a cash-out before the first correct guess', () => {
    const opened = hiloEngine.start(scriptedCards([cardOfRank(5)]), 100, {});
    expect(ruleError(() => act(scriptedCards([]), opened.state, { type: 'cashout' }))).toBe(
      'NOTHING_TO_CASH_OUT',
    );
    expect(opened.view).toMatchObject({ canCashOut: false, multiplierE4: 10_000 });
  });

  it('ends with 0 on a wrong guess and refuses anything after', () => {
    const floats = scriptedCards([cardOfRank(5), cardOfRank(4)]);
    const lost = act(floats, hiloEngine.start(floats, 100, {}).state, { type: 'higher' });
    expect(lost).toMatchObject({ done: true, payout: 0, state: { status: 'lost' } });
    expect(ruleError(() => act(scriptedCards([1]), lost.state, { type: 'skip' }))).toBe(
      'ROUND_OVER',
    );
  });

  it('wins on the same rank ("higher or same"), compounds, and pays the exact product at cash-out', () => {
    const floats = scriptedCards([cardOfRank(5), cardOfRank(5, 2), cardOfRank(2)]);
    let step = hiloEngine.start(floats, 1_000, {});
    step = act(floats, step.state, { type: 'higher' }); // 5 → 5: 9 ranks win, 14 300
    step = act(floats, step.state, { type: 'lower' }); // 5 → 2: 5 ranks win, 25 740
    expect(step.state.stepsE4).toEqual([14_300, 25_740]);
    expect(step.view).toMatchObject({ multiplierE4: 36_808, canCashOut: true }); // 1.43 × 2.574 = 3.68082
    const cashed = act(floats, step.state, { type: 'cashout' });
    expect(cashed).toMatchObject({ done: true, payout: 3_680, state: { status: 'cashed-out' } });
    expect(ruleError(() => act(floats, cashed.state, { type: 'cashout' }))).toBe('ROUND_OVER');
  });

  it('skips keep the multiplier, and the 53rd skip is refused', () => {
    const floats = scriptedCards(Array.from({ length: 60 }, (_, i) => i % 52));
    let step = hiloEngine.start(floats, 100, {});
    for (let i = 0; i < 52; i += 1) step = act(floats, step.state, { type: 'skip' });
    expect(step.view).toMatchObject({ skipsLeft: 0, multiplierE4: 10_000, canCashOut: false });
    expect(step.state.draws).toHaveLength(53);
    expect(ruleError(() => act(floats, step.state, { type: 'skip' }))).toBe('SKIP_LIMIT');
  });

  it('cashes out by itself at 1 000 000x', () => {
    // Ace, then "lower" (= another ace, 1 rank: x12.87) six times: 12.87^6 > 10^6.
    const floats = scriptedCards(Array.from({ length: 7 }, () => cardOfRank(1)));
    let step = hiloEngine.start(floats, 250, {});
    for (let i = 0; i < 6; i += 1) step = act(floats, step.state, { type: 'lower' });
    expect(step).toMatchObject({ done: true, payout: 250_000_000, state: { status: 'capped' } });
    expect(step.view).toMatchObject({ multiplierE4: HILO_MAX_MULTIPLIER_E4 });
  });

  it('accepts only the four actions', () => {
    expect(hiloActionSchema.safeParse({ type: 'higher' }).success).toBe(true);
    expect(hiloActionSchema.safeParse({ type: 'same' }).success).toBe(false);
    expect(hiloEngine.paramsSchema.safeParse({}).success).toBe(true);
  });
});

describe('hi-lo fairness vectors', () => {
  it('maps the known-answer floats to cards: 0.8320… → 43 (5♣), 0.8531… → 44 (6♣), 0.1822… → 9 (10♠)', () => {
    const floats = fairFloats('def', 'abc', 0);
    let step = hiloEngine.start(floats, 1_000, {});
    step = act(floats, step.state, { type: 'higher' }); // 5 → 6: win, 14 300
    step = act(floats, step.state, { type: 'higher' }); // 6 → 10: win, 16 087
    expect(step.state.draws.map((d) => d.card)).toEqual([43, 44, 9]);
    expect(step.state.stepsE4).toEqual([14_300, 16_087]);
    expect(act(floats, step.state, { type: 'cashout' }).payout).toBe(2_300); // 1 000 × 2.3004…
  });

  it('resumes from the stored state and float cursor with identical results', () => {
    const actions: HiloAction[] = [
      { type: 'skip' },
      { type: 'lower' },
      { type: 'higher' },
      { type: 'higher' },
      { type: 'cashout' },
    ];
    const straight = fairFloats('seed-resume', 'client', 7);
    let step = hiloEngine.start(straight, 500, {});
    const run = [step];
    for (const action of actions) {
      if (step.done) break;
      step = act(straight, step.state, action);
      run.push(step);
    }
    expect(run.length).toBeGreaterThan(2); // the seed's round goes past its first guess
    const opening = fairFloats('seed-resume', 'client', 7, 0);
    let resumed = hiloEngine.start(opening, 500, {});
    let cursor = opening.used;
    expect(resumed).toEqual(run[0]);
    for (let i = 1; i < run.length; i += 1) {
      const floats = fairFloats('seed-resume', 'client', 7, cursor);
      const stored = JSON.parse(JSON.stringify(resumed.state)) as HiloState;
      resumed = act(floats, stored, actions[i - 1]!);
      cursor = floats.used;
      expect(resumed).toEqual(run[i]);
    }
  });
});

describe('hi-lo simulation (F4)', () => {
  it('two guesses on the best side then cash out: within 3.29·σ/√N of the exact return', () => {
    const n = 100_000;
    const bet = 1_000_000;
    const floats = seededFloats(20_240_611);
    const returns = Array.from({ length: n }, () => playBestSide(floats, bet, 2).payout / bet);
    const exact = expectationOverRanks((f) => playBestSide(f, bet, 2).payout) / bet;
    const { mean, sd } = meanAndSd(returns);
    expect(Math.abs(mean - exact)).toBeLessThan((3.29 * sd) / Math.sqrt(n));
  }, 20_000);
});
