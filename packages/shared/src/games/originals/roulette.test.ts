import { hmacFloats, scriptedFloats, seededFloats } from '../testing/hmac-floats.ts';
import { simulateRtp } from '../testing/simulate.ts';
import { simulationTolerance } from '../testing/stats.ts';
import { EngineRuleError } from '../engine-rule-error.ts';
import { sigmaOfDistribution } from './odds.fns.ts';
import {
  ROULETTE_POCKETS,
  rouletteDistribution,
  rouletteEngine,
  rouletteParamsSchema,
  rouletteRtpOf,
  stakeOf,
  type RouletteBet,
} from './roulette.ts';

const spin = (pocket: number, bets: RouletteBet[]) =>
  rouletteEngine.start(scriptedFloats([(pocket + 0.5) / ROULETTE_POCKETS]), stakeOf({ bets }), {
    bets,
  });

const EVERY_BET: RouletteBet[] = [
  ...Array.from({ length: 37 }, (_, value) => ({ type: 'straight' as const, value, amount: 10 })),
  ...[1, 2, 3].flatMap((value) => [
    { type: 'dozen' as const, value, amount: 10 },
    { type: 'column' as const, value, amount: 10 },
  ]),
  ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => ({
    type,
    amount: 10,
  })),
];

describe('roulette', () => {
  it.each(EVERY_BET.map((bet) => [bet]))(
    'F3: %j returns 36/37 on the wheel, over every pocket',
    (bet) => {
      let paid = 0;
      for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket++) paid += spin(pocket, [bet]).payout;
      expect(paid / (ROULETTE_POCKETS * bet.amount)).toBe(36 / 37);
      expect(Math.abs(rouletteRtpOf({ bets: [bet] }) - 36 / 37)).toBeLessThan(1e-4);
    },
  );

  it('advertises 97.297 % (36/37) at its default, 1 coin on red', () => {
    expect(rouletteParamsSchema.parse({})).toEqual({ bets: [{ type: 'red', amount: 100 }] });
    expect(Math.abs(rouletteEngine.rtp - 36 / 37)).toBeLessThan(1e-4);
  });

  it('pays 35:1, 2:1 and 1:1 with the stake back, and zero loses every outside bet', () => {
    const bets: RouletteBet[] = [
      { type: 'straight', value: 0, amount: 10 },
      { type: 'red', amount: 100 },
      { type: 'even', amount: 100 },
      { type: 'dozen', value: 1, amount: 50 },
    ];
    expect(spin(0, bets).payout).toBe(360);
    expect(spin(12, bets).payout).toBe(200 + 200 + 150);
    expect(spin(13, bets).payout).toBe(0);
    expect(spin(34, [{ type: 'column', value: 1, amount: 7 }]).payout).toBe(21);
    expect(spin(36, [{ type: 'column', value: 3, amount: 7 }]).view).toMatchObject({
      color: 'red',
    });
  });

  it('refuses a bet that is not the sum of the stakes (STAKE_MISMATCH)', () => {
    const params = { bets: [{ type: 'red' as const, amount: 100 }] };
    expect(() => rouletteEngine.start(scriptedFloats([0.5]), 99, params)).toThrow(
      expect.objectContaining({ code: 'STAKE_MISMATCH', status: 400 }),
    );
    expect(() => rouletteEngine.start(scriptedFloats([0.5]), 99, params)).toThrow(EngineRuleError);
  });

  it('refuses unknown types, straight 37, dozen 4, non-integer or zero amounts, no bets', () => {
    for (const bets of [
      [{ type: 'split', amount: 1 }],
      [{ type: 'straight', value: 37, amount: 1 }],
      [{ type: 'dozen', value: 4, amount: 1 }],
      [{ type: 'red', amount: 1.5 }],
      [{ type: 'red', amount: 0 }],
      [],
    ]) {
      expect(rouletteParamsSchema.safeParse({ bets }).success).toBe(false);
    }
  });

  /** F4: 20 000 HMAC + 300 000 seeded spins of straight 17 + red (σ ≈ 3.1: ±1.9 pp). */
  it('F4: simulated RTP stays within 3.29 σ / √N', () => {
    const params = {
      bets: [
        { type: 'straight' as const, value: 17, amount: 5_000 },
        { type: 'red' as const, amount: 5_000 },
      ],
    };
    const sigma = sigmaOfDistribution(rouletteDistribution(params));
    const hmac = simulateRtp(rouletteEngine, params, 20_000, (n) =>
      hmacFloats('f4-roulette', 'sim', n),
    );
    expect(Math.abs(hmac - 36 / 37)).toBeLessThan(simulationTolerance(sigma, 20_000));
    const stream = seededFloats(37);
    const fast = simulateRtp(rouletteEngine, params, 300_000, () => stream);
    expect(Math.abs(fast - 36 / 37)).toBeLessThan(simulationTolerance(sigma, 300_000));
  });
});
