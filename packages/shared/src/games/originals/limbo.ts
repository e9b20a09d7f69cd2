import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine } from '../engine.ts';
import {
  FLOAT_GRID,
  hasTwoDecimalsAtMost,
  intDiv,
  rtpOfDistribution,
  type PayoutDistribution,
} from './odds.fns.ts';

/**
 * Limbo: one float f = k / 2^32 gives the result multiplier by an inverse transform with the
 * 1 % edge, `0.99 / (1 − f)` truncated to two decimals, i.e. `floor(99 · 2^32 / (2^32 − k)) /
 * 100` in integers (no float rounding at the boundaries). The edge caps the f = 0 end at x0.99,
 * shown as x1.00 (a loss at any target); results above x1 000 000 show as the maximum.
 * P(result ≥ T) = floor(99 · 2^32 / (100 T)) / 2^32 ≤ 0.99 / T, so the RTP never exceeds 99 %.
 */
export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = 1_000_000;
const MAX_RESULT_E2 = LIMBO_MAX_TARGET * 100;
const EDGE_NUMERATOR = 99 * FLOAT_GRID;

export const limboParamsSchema = z.object({
  targetMultiplier: z
    .number()
    .min(LIMBO_MIN_TARGET)
    .max(LIMBO_MAX_TARGET)
    .refine(hasTwoDecimalsAtMost, 'Two decimals at most')
    .default(2),
});
export type LimboParams = z.infer<typeof limboParamsSchema>;

export interface LimboView {
  /** The result multiplier, two decimals (1.00–1 000 000.00). */
  result: number;
  targetMultiplier: number;
  multiplierE4: number;
  win: boolean;
}

/** Result multiplier in hundredths from one float. */
export function limboResultE2(f: number): number {
  const remaining = FLOAT_GRID - f * FLOAT_GRID; // 1 … 2^32, never 0
  return Math.max(100, Math.min(MAX_RESULT_E2, intDiv(EDGE_NUMERATOR, remaining)));
}

const targetE2 = (params: LimboParams) => Math.round(params.targetMultiplier * 100);

/** Exact: counts the k whose result reaches the target (2^32 − k ≤ 99 · 2^32 / 100 T). */
export function limboDistribution(params: LimboParams): PayoutDistribution {
  const win = intDiv(EDGE_NUMERATOR, targetE2(params)) / FLOAT_GRID;
  return [
    { multiplierE4: targetE2(params) * 100, probability: win },
    { multiplierE4: 0, probability: 1 - win },
  ];
}

export const limboRtpOf = (params: LimboParams) => rtpOfDistribution(limboDistribution(params));

export const limboEngine: GameEngine<LimboParams, LimboView> = {
  key: 'limbo',
  paramsSchema: limboParamsSchema,
  start(floats: FloatSource, bet: number, params: LimboParams) {
    const resultE2 = limboResultE2(floats.next());
    const win = resultE2 >= targetE2(params);
    const multiplierE4 = targetE2(params) * 100;
    const view: LimboView = {
      result: resultE2 / 100,
      targetMultiplier: params.targetMultiplier,
      multiplierE4,
      win,
    };
    return { state: view, done: true, payout: win ? payoutOf(bet, multiplierE4) : 0, view };
  },
  rtp: limboRtpOf(limboParamsSchema.parse({})),
  rtpOf: limboRtpOf,
  volatility: 'high',
};
