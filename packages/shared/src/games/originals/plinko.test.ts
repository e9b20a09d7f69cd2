import { hmacFloats, scriptedFloats, seededFloats } from '../testing/hmac-floats.ts';
import { simulateRtp } from '../testing/simulate.ts';
import { simulationTolerance } from '../testing/stats.ts';
import { sigmaOfDistribution } from './odds.fns.ts';
import { PLINKO_RISKS } from './plinko-tables.ts';
import {
  plinkoDistribution,
  plinkoEngine,
  plinkoMultipliersE4,
  plinkoParamsSchema,
  plinkoRtpOf,
} from './plinko.ts';

/** The RTPs we publish, percent (rows 8 … 16). */
const ADVERTISED: Record<(typeof PLINKO_RISKS)[number], number[]> = {
  low: [98.984, 98.984, 99.004, 99.004, 98.979, 98.999, 99.0, 99.001, 98.999],
  medium: [98.906, 99.141, 98.906, 99.023, 98.989, 98.994, 98.994, 98.998, 98.988],
  high: [99.063, 99.063, 99.063, 99.16, 99.116, 99.087, 98.978, 99.026, 98.976],
};
const CONFIGS = PLINKO_RISKS.flatMap((risk) =>
  ADVERTISED[risk].map((advertised, i) => ({ rows: i + 8, risk, advertised })),
);

/** RTP by dropping the ball down every one of the 2^rows paths through the engine. */
function enumeratedRtp(rows: number, risk: (typeof PLINKO_RISKS)[number]) {
  let paid = 0;
  for (let path = 0; path < 2 ** rows; path++) {
    const floats = Array.from({ length: rows }, (_, row) => ((path >> row) & 1 ? 0.75 : 0.25));
    paid += plinkoEngine.start(scriptedFloats(floats), 10_000, { rows, risk }).payout;
  }
  return paid / (10_000 * 2 ** rows);
}

describe('plinko', () => {
  it.each(CONFIGS)(
    'F3: $rows rows, $risk risk: exact RTP $advertised %',
    ({ rows, risk, advertised }) => {
      const rtp = plinkoRtpOf({ rows, risk });
      expect(Math.abs(rtp * 100 - advertised)).toBeLessThanOrEqual(0.01);
      expect(rtp).toBeGreaterThanOrEqual(0.989);
      expect(rtp).toBeLessThanOrEqual(0.992);
      // Every path through the engine up to 12 rows (4 096 drops); beyond, CI time wins.
      if (rows <= 12) expect(enumeratedRtp(rows, risk)).toBeCloseTo(rtp, 12);
    },
  );

  it('has symmetric tables of rows + 1 slots, and advertises its default (16 rows, medium)', () => {
    for (const { rows, risk } of CONFIGS) {
      const table = plinkoMultipliersE4(rows, risk);
      expect(table).toHaveLength(rows + 1);
      expect(table).toEqual([...table].reverse());
    }
    expect(plinkoEngine.rtp).toBe(plinkoRtpOf({ rows: 16, risk: 'medium' }));
  });

  it('refuses 7 or 17 rows and an unknown risk', () => {
    for (const params of [{ rows: 7 }, { rows: 17 }, { risk: 'wild' }]) {
      expect(plinkoParamsSchema.safeParse(params).success).toBe(false);
    }
  });

  /**
   * F4: 10 000 HMAC rounds + 300 000 seeded rounds at 16 rows medium (σ ≈ 1.3: ±0.8 pp) and at
   * 8 rows high (σ ≈ 4.9: ±2.9 pp): the heavy tail is why the tolerance is wide at this N.
   */
  it.each([
    { rows: 16, risk: 'medium' as const },
    { rows: 8, risk: 'high' as const },
  ])('F4: simulated RTP at $rows rows $risk stays within 3.29 σ / √N', (params) => {
    const rtp = plinkoRtpOf(params);
    const sigma = sigmaOfDistribution(plinkoDistribution(params));
    const hmac = simulateRtp(plinkoEngine, params, 10_000, (n) =>
      hmacFloats('f4-plinko', 'sim', n),
    );
    expect(Math.abs(hmac - rtp)).toBeLessThan(simulationTolerance(sigma, 10_000));
    const stream = seededFloats(params.rows);
    const fast = simulateRtp(plinkoEngine, params, 300_000, () => stream);
    expect(Math.abs(fast - rtp)).toBeLessThan(simulationTolerance(sigma, 300_000));
  });
});
