import { diceEngine } from './originals/dice.ts';
import { kenoEngine } from './originals/keno.ts';
import { limboEngine } from './originals/limbo.ts';
import { minesEngine } from './originals/mines.ts';
import { plinkoEngine } from './originals/plinko.ts';
import { rouletteEngine } from './originals/roulette.ts';
import { hmacFloats } from './testing/hmac-floats.ts';
import {
  chiSquareSurvival,
  chiSquareUniformity,
  normalCdf,
  runsTest,
  serialCorrelation,
} from './testing/stats.ts';

/** F1: the scheme's published vector, and our own per game (design/fairness-and-ledger.md §1). */
describe('F1 known answers', () => {
  it('gives the published first floats for server seed "def", client seed "abc", nonce 0', () => {
    const floats = hmacFloats('def', 'abc', 0);
    expect([floats.next(), floats.next(), floats.next()]).toEqual([
      0.8320531346835196, 0.8531235849950463, 0.18227359023876488,
    ]);
    expect(floats.used).toBe(3);
  });

  it('moves to the next digest (round 1) after 8 floats, and resumes at a cursor', () => {
    const floats = hmacFloats('def', 'abc', 0);
    const first9 = Array.from({ length: 9 }, () => floats.next());
    const resumed = hmacFloats('def', 'abc', 0, 8);
    expect(resumed.next()).toBe(first9[8]);
    expect(hmacFloats('def', 'abc', 1).next()).not.toBe(first9[8]);
  });

  const play = <P>(
    engine: { start: (f: ReturnType<typeof hmacFloats>, bet: number, p: P) => unknown },
    nonce: number,
    params: P,
  ) =>
    engine.start(hmacFloats('def', 'abc', nonce), 1000, params) as {
      payout: number;
      view: unknown;
    };

  it.each([
    [0, 83.21, true, 2000],
    [1, 43.05, false, 0],
    [2, 13.41, false, 0],
  ])(
    'dice, nonce %i: rolls %f (over 50.50 wins: %s), pays %i on 1000',
    (nonce, roll, win, payout) => {
      const step = play(diceEngine, nonce, { target: 50.5, direction: 'over' as const });
      expect(step.view).toMatchObject({ roll, win, multiplierE4: 20_000 });
      expect(step.payout).toBe(payout);
    },
  );

  it.each([
    [0, 5.89, 1500],
    [1, 1.73, 1500],
    [2, 1.14, 0],
  ])('limbo, nonce %i: result %f, pays %i on 1000 at target 1.50', (nonce, result, payout) => {
    const step = play(limboEngine, nonce, { targetMultiplier: 1.5 });
    expect(step.view).toMatchObject({ result });
    expect(step.payout).toBe(payout);
  });

  it.each([
    [0, [1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0], 7, 500],
    [1, [0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1], 8, 300],
    [2, [0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1], 9, 500],
  ])('plinko 16 rows medium, nonce %i: path, slot %i, pays %i', (nonce, path, slot, payout) => {
    const step = play(plinkoEngine, nonce, { rows: 16, risk: 'medium' as const });
    expect(step.view).toMatchObject({ path, slot });
    expect(step.payout).toBe(payout);
  });

  it.each([
    [0, [20, 21, 6, 0, 7]],
    [1, [10, 16, 6, 15, 21]],
    [2, [3, 24, 10, 14, 21]],
  ])('mines with 5 mines, nonce %i: places them on %j', (nonce, mines) => {
    const step = minesEngine.start(hmacFloats('def', 'abc', nonce), 1000, { mines: 5 });
    expect(step.state.mines).toEqual(mines);
  });

  it.each([
    [0, [34, 35, 9, 32, 11, 27, 6, 23, 40, 26], [6, 9, 11, 23, 26, 27, 34, 35, 40], 800_000],
    [1, [18, 27, 9, 25, 35, 15, 29, 6, 32, 22], [6, 9, 27, 35], 3500],
    [2, [6, 40, 17, 23, 34, 19, 32, 7, 29, 37], [6, 17, 23, 34, 40], 8000],
  ])(
    'keno, nonce %i: draws %j, hits %j, pays %i (10 picks, high risk)',
    (nonce, drawn, hits, payout) => {
      const picks = [6, 9, 11, 17, 23, 26, 27, 34, 35, 40];
      const step = play(kenoEngine, nonce, { picks, risk: 'high' as const });
      expect(step.view).toMatchObject({ drawn, hits });
      expect(step.payout).toBe(payout);
    },
  );

  it.each([
    [0, 30, 800],
    [1, 15, 1500],
    [2, 4, 0],
  ])(
    'roulette, nonce %i: pocket %i, pays %i on straight 17 + red + dozen 2',
    (nonce, pocket, payout) => {
      const bets = [
        { type: 'straight' as const, value: 17, amount: 100 },
        { type: 'red' as const, amount: 400 },
        { type: 'dozen' as const, value: 2, amount: 500 },
      ];
      const step = play(rouletteEngine, nonce, { bets });
      expect(step.view).toMatchObject({ pocket });
      expect(step.payout).toBe(payout);
    },
  );
});

describe('stats helpers', () => {
  it('match textbook values', () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-3.290527)).toBeCloseTo(0.0005, 6);
    expect(chiSquareSurvival(3.841459, 1)).toBeCloseTo(0.05, 6);
    expect(chiSquareSurvival(124.342, 99)).toBeCloseTo(0.0436, 3);
    expect(chiSquareSurvival(36, 36)).toBeCloseTo(0.4689, 3);
  });
});

/**
 * F5: the battery on scaled outputs of the HMAC stream (fixed seeds, so it is deterministic):
 * 50 000 floats = 8 per digest over nonces 0 … 6 249. Every p-value inside [1e-4, 1 − 1e-4].
 */
describe('F5 statistical battery on the HMAC stream', () => {
  const floats: number[] = [];
  for (let nonce = 0; nonce < 6_250; nonce++) {
    const source = hmacFloats('f5-server-seed', 'f5-client', nonce);
    for (let i = 0; i < 8; i++) floats.push(source.next());
  }
  const inBand = (p: number) => {
    expect(p).toBeGreaterThan(1e-4);
    expect(p).toBeLessThan(1 - 1e-4);
  };
  const histogram = (n: number, of: (f: number) => number) => {
    const counts = new Array<number>(n).fill(0);
    for (const f of floats) counts[of(f)]! += 1;
    return counts;
  };

  it('roulette pockets floor(f · 37) are uniform (chi-square, 36 df)', () => {
    inBand(chiSquareUniformity(histogram(37, (f) => Math.floor(f * 37))).p);
  });

  it('dice rolls floor(f · 10001) are uniform over 100 buckets of 100.01 (chi-square, 99 df)', () => {
    // 10 001 rolls do not split into 100 equal buckets; bucket 99 gets the extra roll 100.00,
    // so compare the roll's own cumulative scale: bucket = floor(roll · 100 / 10001).
    inBand(
      chiSquareUniformity(
        histogram(100, (f) => Math.floor((Math.floor(f * 10_001) * 100) / 10_001)),
      ).p,
    );
  });

  it('mines tiles floor(f · 25) and cards floor(f · 52) are uniform', () => {
    inBand(chiSquareUniformity(histogram(25, (f) => Math.floor(f * 25))).p);
    inBand(chiSquareUniformity(histogram(52, (f) => Math.floor(f * 52))).p);
  });

  it('plinko bounces floor(f · 2) show no run structure (runs test)', () => {
    inBand(
      runsTest(
        floats.map((f) => Math.floor(f * 2)),
        1,
      ).p,
    );
  });

  it('floats above / below the median show no run structure (runs test)', () => {
    inBand(runsTest(floats, 0.5).p);
  });

  it('consecutive floats and dice rolls are uncorrelated (lag-1 serial correlation)', () => {
    inBand(serialCorrelation(floats).p);
    inBand(serialCorrelation(floats.map((f) => Math.floor(f * 10_001))).p);
  });
});
