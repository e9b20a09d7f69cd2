import { hmacFloats, scriptedFloats, seededFloats } from '../testing/hmac-floats.ts';
import { simulateRtp } from '../testing/simulate.ts';
import { simulationTolerance } from '../testing/stats.ts';
import { KENO_RISKS, type KenoRisk } from './keno-tables.ts';
import {
  KENO_DRAWN,
  KENO_NUMBERS,
  kenoDistribution,
  kenoEngine,
  kenoParamsSchema,
  kenoRtpOf,
  type KenoView,
} from './keno.ts';
import { sigmaOfDistribution } from './odds.fns.ts';

/** The RTPs we publish, percent (1 … 10 picks). */
const ADVERTISED: Record<KenoRisk, number[]> = {
  classic: [99.0, 99.038, 99.018, 98.96, 98.986, 98.967, 98.982, 99.023, 98.975, 99.037],
  low: [99.0, 98.962, 98.988, 98.922, 98.903, 99.008, 98.939, 99.004, 99.069, 99.07],
  medium: [99.0, 98.942, 98.988, 98.997, 98.944, 98.962, 98.962, 98.924, 98.942, 98.974],
  high: [99.0, 98.942, 98.988, 98.906, 98.969, 98.999, 98.962, 98.957, 98.964, 99.008],
};
const CONFIGS = KENO_RISKS.flatMap((risk) =>
  ADVERTISED[risk].map((advertised, i) => ({ picks: i + 1, risk, advertised })),
);
const firstNumbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** P(h hits) by the draw itself, one ball at a time (independent of the hypergeometric form). */
function hitsByDraw(picks: number): number[] {
  let byHits = [1];
  for (let drawn = 0; drawn < KENO_DRAWN; drawn++) {
    const next = new Array<number>(picks + 1).fill(0);
    byHits.forEach((p, hits) => {
      const hit = (picks - hits) / (KENO_NUMBERS - drawn);
      next[hits] = next[hits]! + p * (1 - hit);
      if (hits < picks) next[hits + 1] = next[hits + 1]! + p * hit;
    });
    byHits = next;
  }
  return byHits;
}

describe('keno', () => {
  it.each(CONFIGS)(
    'F3: $picks picks, $risk risk: exact RTP $advertised %',
    ({ picks, risk, advertised }) => {
      const rtp = kenoRtpOf({ picks: firstNumbers(picks), risk });
      expect(Math.abs(rtp * 100 - advertised)).toBeLessThanOrEqual(0.01);
      expect(rtp).toBeGreaterThanOrEqual(0.989);
      expect(rtp).toBeLessThanOrEqual(0.992);
      const byDraw = hitsByDraw(picks);
      kenoDistribution(picks, risk).forEach((o, hits) =>
        expect(o.probability).toBeCloseTo(byDraw[hits]!, 12),
      );
    },
  );

  it('draws 10 distinct numbers of 1–40 by Fisher–Yates and pays by hits', () => {
    // floor(f · remaining) = 0 each time: the draw takes 1, 2, … 10 in order.
    const step = kenoEngine.start(scriptedFloats(new Array(10).fill(0)), 1000, {
      picks: [1, 2, 40],
      risk: 'classic',
    });
    expect(step.view).toMatchObject({
      drawn: firstNumbers(10),
      hits: [1, 2],
      multiplierE4: 31_000,
    });
    expect(step.payout).toBe(3100);
    const stream = seededFloats(1);
    for (let i = 0; i < 200; i++) {
      const { drawn } = kenoEngine.start(stream, 1, kenoParamsSchema.parse({})).view as KenoView;
      expect(new Set(drawn).size).toBe(10);
      expect(drawn.every((n) => n >= 1 && n <= 40)).toBe(true);
    }
  });

  it('refuses repeated picks, more than 10, none, or numbers outside 1–40', () => {
    for (const picks of [[3, 3], firstNumbers(11), [], [0], [41]]) {
      expect(kenoParamsSchema.safeParse({ picks }).success).toBe(false);
    }
  });

  /** F4: 10 000 HMAC rounds + 300 000 seeded rounds, 5 picks classic (σ ≈ 1.9: ±1.1 pp). */
  it('F4: simulated RTP at the default (5 picks, classic) stays within 3.29 σ / √N', () => {
    const params = kenoParamsSchema.parse({});
    const sigma = sigmaOfDistribution(kenoDistribution(5, 'classic'));
    const hmac = simulateRtp(kenoEngine, params, 10_000, (n) => hmacFloats('f4-keno', 'sim', n));
    expect(Math.abs(hmac - kenoEngine.rtp)).toBeLessThan(simulationTolerance(sigma, 10_000));
    const stream = seededFloats(5);
    const fast = simulateRtp(kenoEngine, params, 300_000, () => stream);
    expect(Math.abs(fast - kenoEngine.rtp)).toBeLessThan(simulationTolerance(sigma, 300_000));
  });
});
