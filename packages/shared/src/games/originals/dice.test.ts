import { hmacFloats, scriptedFloats, seededFloats } from '../testing/hmac-floats.ts';
import { simulateRtp } from '../testing/simulate.ts';
import { simulationTolerance } from '../testing/stats.ts';
import {
  DICE_OUTCOMES,
  diceDistribution,
  diceEngine,
  diceMultiplierE4,
  diceParamsSchema,
  diceRtpOf,
  type DiceParams,
} from './dice.ts';
import { sigmaOfDistribution } from './odds.fns.ts';

const PP = 1e-4; // 0.01 percentage point

/** RTP by playing every one of the 10 001 rolls through the engine (ideal uniform rolls). */
function enumeratedRtp(params: DiceParams) {
  let paid = 0;
  for (let roll = 0; roll < DICE_OUTCOMES; roll++) {
    paid += diceEngine.start(scriptedFloats([(roll + 0.5) / DICE_OUTCOMES]), 10_000, params).payout;
  }
  return paid / (10_000 * DICE_OUTCOMES);
}

describe('dice', () => {
  it('advertises 98.990 % at its default (over 50.50, x2.0000)', () => {
    expect(diceParamsSchema.parse({})).toEqual({ target: 50.5, direction: 'over' });
    expect(diceMultiplierE4({ target: 50.5, direction: 'over' })).toBe(20_000);
    expect(Math.abs(diceEngine.rtp - 0.9899)).toBeLessThan(PP);
  });

  it.each<[number, DiceParams['direction'], number]>([
    [50.5, 'over', 0.9899],
    [49.5, 'under', 0.9899],
    [2, 'over', 0.9899],
    [98, 'under', 0.9899],
    [99.99, 'over', 0.9899],
    [0.01, 'under', 0.9899],
    [66.66, 'over', 0.9899],
    [12.34, 'under', 0.9898],
  ])(
    'F3: target %f %s has exact RTP %f, equal to the engine played on every roll',
    (target, direction, advertised) => {
      const params = { target, direction };
      expect(Math.abs(diceRtpOf(params) - advertised)).toBeLessThan(PP);
      // The ideal enumeration differs from the float grid by at most multiplier / 2^32.
      const gridBias = diceMultiplierE4(params) / 10_000 / 2 ** 32;
      expect(Math.abs(diceRtpOf(params) - enumeratedRtp(params))).toBeLessThanOrEqual(gridBias);
    },
  );

  it('pays 99 / chance rounded down to 1/10 000 (0.01 % pays x9900, 98 % x1.0102)', () => {
    expect(diceMultiplierE4({ target: 99.99, direction: 'over' })).toBe(99_000_000);
    expect(diceMultiplierE4({ target: 98, direction: 'under' })).toBe(10_102);
    expect(diceMultiplierE4({ target: 12.34, direction: 'under' })).toBe(80_226);
  });

  it('rolls 0.00 and 100.00 at the ends of the float range, and loses on the target itself', () => {
    const play = (f: number, params: DiceParams) =>
      diceEngine.start(scriptedFloats([f]), 100, params).view;
    expect(play(0, { target: 50.5, direction: 'over' })).toMatchObject({ roll: 0, win: false });
    expect(play(1 - 2 ** -32, { target: 50.5, direction: 'over' })).toMatchObject({ roll: 100 });
    expect(play(5050.5 / DICE_OUTCOMES, { target: 50.5, direction: 'over' })).toMatchObject({
      roll: 50.5,
      win: false,
    });
  });

  it('refuses targets outside 0.01 %–98 % chance or with more than two decimals', () => {
    expect(diceParamsSchema.safeParse({ target: 1.99, direction: 'over' }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 98.01, direction: 'under' }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 0, direction: 'under' }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 50.505 }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 2, direction: 'over' }).success).toBe(true);
  });

  /**
   * F4: 20 000 rounds on the HMAC stream (one nonce per round) plus 1 000 000 on the seeded
   * sfc32 stream (simulation only); tolerance 3.29 σ / √N with σ ≈ 1.0 (±0.33 pp at 10^6).
   */
  it('F4: simulated RTP at x2 stays within 3.29 σ / √N', () => {
    const params = diceParamsSchema.parse({});
    const sigma = sigmaOfDistribution(diceDistribution(params));
    const hmac = simulateRtp(diceEngine, params, 20_000, (n) => hmacFloats('f4-dice', 'sim', n));
    expect(Math.abs(hmac - diceEngine.rtp)).toBeLessThan(simulationTolerance(sigma, 20_000));
    const stream = seededFloats(42);
    const fast = simulateRtp(diceEngine, params, 1_000_000, () => stream);
    expect(Math.abs(fast - diceEngine.rtp)).toBeLessThan(simulationTolerance(sigma, 1_000_000));
  });
});
