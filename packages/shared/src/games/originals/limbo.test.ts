import { hmacFloats, scriptedFloats, seededFloats } from '../testing/hmac-floats.ts';
import { simulateRtp } from '../testing/simulate.ts';
import { simulationTolerance } from '../testing/stats.ts';
import {
  LIMBO_MAX_TARGET,
  limboDistribution,
  limboEngine,
  limboParamsSchema,
  limboResultE2,
  limboRtpOf,
} from './limbo.ts';
import { sigmaOfDistribution } from './odds.fns.ts';

const PP = 1e-4;
const play = (f: number, targetMultiplier: number) =>
  limboEngine.start(scriptedFloats([f]), 10_000, { targetMultiplier });

describe('limbo', () => {
  it('advertises 99.000 % at its default target x2', () => {
    expect(limboParamsSchema.parse({})).toEqual({ targetMultiplier: 2 });
    expect(Math.abs(limboEngine.rtp - 0.99)).toBeLessThan(PP);
  });

  it.each([1.01, 1.5, 2, 3.33, 10, 100, 12_345.67, LIMBO_MAX_TARGET])(
    'F3: target x%f returns 99.000 % exactly over the float grid',
    (target) => {
      expect(Math.abs(limboRtpOf({ targetMultiplier: target }) - 0.99)).toBeLessThan(PP);
    },
  );

  it.each([1.01, 2, 7.77, 1000, LIMBO_MAX_TARGET])(
    'F3: the engine wins on exactly the floats the closed form counts (target x%f)',
    (target) => {
      // The top `count` floats win (k = 2^32 − count … 2^32 − 1): check both sides of the edge.
      const count = limboDistribution({ targetMultiplier: target })[0]!.probability * 2 ** 32;
      expect(play((2 ** 32 - count) / 2 ** 32, target).view).toMatchObject({ win: true });
      expect(play((2 ** 32 - count - 1) / 2 ** 32, target).view).toMatchObject({ win: false });
    },
  );

  it('caps f = 0 by the edge (x0.99 shown as x1.00) and the top at x1 000 000', () => {
    expect(limboResultE2(0)).toBe(100);
    expect(limboResultE2(1 - 2 ** -32)).toBe(LIMBO_MAX_TARGET * 100);
    expect(limboResultE2(0.5)).toBe(198);
    expect(play(0.5, 1.98)).toMatchObject({ payout: 19_800 });
  });

  it('refuses targets below x1.01, above x1 000 000 or with three decimals', () => {
    for (const targetMultiplier of [1, 1_000_000.01, 2.005]) {
      expect(limboParamsSchema.safeParse({ targetMultiplier }).success).toBe(false);
    }
  });

  /** F4: 20 000 HMAC rounds + 1 000 000 seeded rounds at x2 (σ ≈ 1.0, ±0.33 pp). */
  it('F4: simulated RTP at x2 stays within 3.29 σ / √N', () => {
    const params = limboParamsSchema.parse({});
    const sigma = sigmaOfDistribution(limboDistribution(params));
    const hmac = simulateRtp(limboEngine, params, 20_000, (n) => hmacFloats('f4-limbo', 'sim', n));
    expect(Math.abs(hmac - limboEngine.rtp)).toBeLessThan(simulationTolerance(sigma, 20_000));
    const stream = seededFloats(7);
    const fast = simulateRtp(limboEngine, params, 1_000_000, () => stream);
    expect(Math.abs(fast - limboEngine.rtp)).toBeLessThan(simulationTolerance(sigma, 1_000_000));
  });
});
