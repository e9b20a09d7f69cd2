import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine } from '../engine.ts';
import { EngineRuleError } from '../engine-rule-error.ts';
import { gridProbability, rtpOfDistribution, type PayoutDistribution } from './odds.fns.ts';

/**
 * European roulette: one float, pocket `floor(f · 37)` (0–36). Standard payouts (35:1
 * straight, 2:1 dozen and column, 1:1 even-money bets); zero loses every outside bet (no la
 * partage). The round's stake is the sum of the bets: the server charges `stakeOf(params)` as
 * the bet and `start` refuses a bet that differs (STAKE_MISMATCH).
 */
export const ROULETTE_POCKETS = 37;
export const ROULETTE_MAX_BETS = 50;
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

const amount = z.number().int().positive();
const third = z.number().int().min(1).max(3);
export const rouletteBetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('straight'), value: z.number().int().min(0).max(36), amount }),
  z.object({ type: z.literal('dozen'), value: third, amount }),
  z.object({ type: z.literal('column'), value: third, amount }),
  z.object({
    type: z.enum(['red', 'black', 'odd', 'even', 'low', 'high']),
    amount,
  }),
]);
export type RouletteBet = z.infer<typeof rouletteBetSchema>;

export const rouletteParamsSchema = z.object({
  bets: z
    .array(rouletteBetSchema)
    .min(1)
    .max(ROULETTE_MAX_BETS)
    .default([{ type: 'red', amount: 100 }]),
});
export type RouletteParams = z.infer<typeof rouletteParamsSchema>;

export interface RouletteView {
  pocket: number;
  color: 'green' | 'red' | 'black';
  bets: (RouletteBet & { payout: number })[];
}

export const stakeOf = (params: RouletteParams) =>
  params.bets.reduce((sum, bet) => sum + bet.amount, 0);

export const pocketColor = (pocket: number): RouletteView['color'] =>
  pocket === 0 ? 'green' : RED_NUMBERS.has(pocket) ? 'red' : 'black';

/** Whether a bet wins on a pocket, and what it pays back per unit staked (stake included). */
function returnOf(bet: RouletteBet, pocket: number): number {
  if (bet.type === 'straight') return bet.value === pocket ? 36 : 0;
  if (pocket === 0) return 0;
  switch (bet.type) {
    case 'dozen':
      return Math.ceil(pocket / 12) === bet.value ? 3 : 0;
    case 'column':
      return ((pocket - 1) % 3) + 1 === bet.value ? 3 : 0;
    case 'red':
      return RED_NUMBERS.has(pocket) ? 2 : 0;
    case 'black':
      return RED_NUMBERS.has(pocket) ? 0 : 2;
    case 'odd':
      return pocket % 2 === 1 ? 2 : 0;
    case 'even':
      return pocket % 2 === 0 ? 2 : 0;
    case 'low':
      return pocket <= 18 ? 2 : 0;
    case 'high':
      return pocket >= 19 ? 2 : 0;
  }
}

export const betPayoutOf = (bet: RouletteBet, pocket: number) =>
  payoutOf(bet.amount, returnOf(bet, pocket) * 10_000);

/** Exact over the float grid: the 37 pockets, each with its count of k / 2^32. */
export function rouletteDistribution(params: RouletteParams): PayoutDistribution {
  const stake = stakeOf(params);
  return Array.from({ length: ROULETTE_POCKETS }, (_, pocket) => ({
    multiplierE4:
      (params.bets.reduce((sum, bet) => sum + betPayoutOf(bet, pocket), 0) * 10_000) / stake,
    probability: gridProbability(pocket, pocket + 1, ROULETTE_POCKETS),
  }));
}

export const rouletteRtpOf = (params: RouletteParams) =>
  rtpOfDistribution(rouletteDistribution(params));

export const rouletteEngine: GameEngine<RouletteParams, RouletteView> = {
  key: 'roulette',
  paramsSchema: rouletteParamsSchema,
  start(floats: FloatSource, bet: number, params: RouletteParams) {
    if (stakeOf(params) !== bet) {
      throw new EngineRuleError(
        'STAKE_MISMATCH',
        `The bets add up to ${stakeOf(params)}, not to the bet of ${bet}`,
      );
    }
    const pocket = Math.floor(floats.next() * ROULETTE_POCKETS);
    const bets = params.bets.map((b) => ({ ...b, payout: betPayoutOf(b, pocket) }));
    const view: RouletteView = { pocket, color: pocketColor(pocket), bets };
    const payout = bets.reduce((sum, b) => sum + b.payout, 0);
    return { state: view, done: true, payout, view };
  },
  rtp: rouletteRtpOf(rouletteParamsSchema.parse({})),
  rtpOf: rouletteRtpOf,
  volatility: 'medium',
};
