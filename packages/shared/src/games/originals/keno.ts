import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine } from '../engine.ts';
import { drawWithoutReplacement } from './fisher-yates.fns.ts';
import { KENO_RISKS, KENO_TABLES, type KenoRisk } from './keno-tables.ts';
import {
  binomial,
  multiplierE4Of,
  rtpOfDistribution,
  type PayoutDistribution,
} from './odds.fns.ts';

/**
 * Keno: numbers 1–40, 10 drawn by Fisher–Yates (one float per draw); the player picks 1–10
 * distinct numbers and is paid by the number of hits. Hits are hypergeometric, so the RTP is
 * an exact sum over 0 … picks hits.
 */
export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;
const ALL_NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

export const kenoParamsSchema = z.object({
  picks: z
    .array(z.number().int().min(1).max(KENO_NUMBERS))
    .min(1)
    .max(KENO_MAX_PICKS)
    .refine((picks) => new Set(picks).size === picks.length, 'Picks must be distinct')
    .default([1, 2, 3, 4, 5]),
  risk: z.enum(KENO_RISKS).default('classic'),
});
export type KenoParams = z.infer<typeof kenoParamsSchema>;

export interface KenoView {
  picks: number[];
  risk: KenoRisk;
  /** In draw order. */
  drawn: number[];
  hits: number[];
  multiplierE4: number;
}

/** Multipliers by hits (0 … picks) in 1/10 000. */
export function kenoMultipliersE4(picks: number, risk: KenoRisk): number[] {
  const row = KENO_TABLES[risk][picks - 1];
  if (!row) throw new RangeError(`No keno table for ${picks} picks`);
  return row.map(multiplierE4Of);
}

/** P(h hits) = C(p, h) · C(40 − p, 10 − h) / C(40, 10). */
export function kenoDistribution(picks: number, risk: KenoRisk): PayoutDistribution {
  const all = binomial(KENO_NUMBERS, KENO_DRAWN);
  return kenoMultipliersE4(picks, risk).map((multiplierE4, hits) => ({
    multiplierE4,
    probability: (binomial(picks, hits) * binomial(KENO_NUMBERS - picks, KENO_DRAWN - hits)) / all,
  }));
}

export const kenoRtpOf = (params: KenoParams) =>
  rtpOfDistribution(kenoDistribution(params.picks.length, params.risk));

export const kenoEngine: GameEngine<KenoParams, KenoView> = {
  key: 'keno',
  paramsSchema: kenoParamsSchema,
  start(floats: FloatSource, bet: number, params: KenoParams) {
    const drawn = drawWithoutReplacement(floats, ALL_NUMBERS, KENO_DRAWN);
    const hits = params.picks.filter((n) => drawn.includes(n));
    const multiplierE4 = kenoMultipliersE4(params.picks.length, params.risk)[hits.length]!;
    const view: KenoView = { picks: params.picks, risk: params.risk, drawn, hits, multiplierE4 };
    return { state: view, done: true, payout: payoutOf(bet, multiplierE4), view };
  },
  rtp: kenoRtpOf(kenoParamsSchema.parse({})),
  rtpOf: kenoRtpOf,
  volatility: 'high',
};
