import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine } from '../engine.ts';
import {
  binomial,
  multiplierE4Of,
  rtpOfDistribution,
  type PayoutDistribution,
} from './odds.fns.ts';
import {
  PLINKO_HALF_TABLES,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  type PlinkoRisk,
} from './plinko-tables.ts';

/**
 * Plinko: one float per row, `floor(f · 2)` (0 left, 1 right); the ball lands in the slot
 * numbered by its right bounces (0 … rows). floor(f · 2) is exactly fair on the float grid, so
 * the slot is Binomial(rows, ½) and the RTP is an exact binomial sum.
 */
export const plinkoParamsSchema = z.object({
  rows: z.number().int().min(PLINKO_MIN_ROWS).max(PLINKO_MAX_ROWS).default(16),
  risk: z.enum(PLINKO_RISKS).default('medium'),
});
export type PlinkoParams = z.infer<typeof plinkoParamsSchema>;

export interface PlinkoView {
  rows: number;
  risk: PlinkoRisk;
  /** One bounce per row: 0 left, 1 right. */
  path: number[];
  slot: number;
  multiplierE4: number;
}

/** The full row of multipliers (rows + 1 slots) in 1/10 000. */
export function plinkoMultipliersE4(rows: number, risk: PlinkoRisk): number[] {
  const half = PLINKO_HALF_TABLES[rows]?.[risk];
  if (!half) throw new RangeError(`No plinko table for ${rows} rows`);
  const mirrored = half.slice(0, rows + 1 - half.length).reverse();
  return [...half, ...mirrored].map(multiplierE4Of);
}

export function plinkoDistribution(params: PlinkoParams): PayoutDistribution {
  return plinkoMultipliersE4(params.rows, params.risk).map((multiplierE4, slot) => ({
    multiplierE4,
    probability: binomial(params.rows, slot) / 2 ** params.rows,
  }));
}

export const plinkoRtpOf = (params: PlinkoParams) => rtpOfDistribution(plinkoDistribution(params));

export const plinkoEngine: GameEngine<PlinkoParams, PlinkoView> = {
  key: 'plinko',
  paramsSchema: plinkoParamsSchema,
  start(floats: FloatSource, bet: number, params: PlinkoParams) {
    const path = Array.from({ length: params.rows }, () => Math.floor(floats.next() * 2));
    const slot = path.reduce((sum, bounce) => sum + bounce, 0);
    const multiplierE4 = plinkoMultipliersE4(params.rows, params.risk)[slot]!;
    const view: PlinkoView = { rows: params.rows, risk: params.risk, path, slot, multiplierE4 };
    return { state: view, done: true, payout: payoutOf(bet, multiplierE4), view };
  },
  rtp: plinkoRtpOf(plinkoParamsSchema.parse({})),
  rtpOf: plinkoRtpOf,
  volatility: 'high',
};
