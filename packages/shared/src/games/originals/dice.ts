import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine } from '../engine.ts';
import {
  gridProbability,
  hasTwoDecimalsAtMost,
  rtpOfDistribution,
  type PayoutDistribution,
} from './odds.fns.ts';

/**
 * Dice: one float gives a roll `floor(f · 10001) / 100` in 0.00–100.00 (10 001 outcomes). The
 * player wins rolling over (or under) the target; the multiplier is 99 / chance (1 % edge on
 * the displayed chance), so the exact RTP is 0.99 · 10 000 / 10 001 ≈ 98.990 % before rounding.
 */
export const DICE_OUTCOMES = 10_001;
/** Chance bounds in hundredths of a percent: 0.01 % to 98 %. */
export const DICE_MIN_CHANCE_E2 = 1;
export const DICE_MAX_CHANCE_E2 = 9_800;

export const diceParamsSchema = z
  .object({
    target: z
      .number()
      .min(0.01)
      .max(99.99)
      .refine(hasTwoDecimalsAtMost, 'Two decimals at most')
      .default(50.5),
    direction: z.enum(['over', 'under']).default('over'),
  })
  .superRefine((params, ctx) => {
    const chance = diceChanceE2(params);
    if (chance < DICE_MIN_CHANCE_E2 || chance > DICE_MAX_CHANCE_E2) {
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: 'The chance to win must be between 0.01 % and 98 %',
      });
    }
  });
export type DiceParams = z.infer<typeof diceParamsSchema>;

export interface DiceView {
  /** 0.00–100.00. */
  roll: number;
  target: number;
  direction: DiceParams['direction'];
  /** Displayed chance, percent with two decimals. */
  chance: number;
  multiplierE4: number;
  win: boolean;
}

const targetE2 = (params: DiceParams) => Math.round(params.target * 100);

/** Displayed chance in hundredths of a percent: over T wins on 100.00 − T, under T on T. */
export function diceChanceE2(params: DiceParams): number {
  return params.direction === 'over' ? 10_000 - targetE2(params) : targetE2(params);
}

/** 99 / chance, in 1/10 000, rounded down. */
export function diceMultiplierE4(params: DiceParams): number {
  return Math.floor(99_000_000 / diceChanceE2(params));
}

/** Roll in hundredths (0–10 000) from one float. */
export const diceRollE2 = (f: number) => Math.floor(f * DICE_OUTCOMES);

const winsE2 = (rollE2: number, params: DiceParams) =>
  params.direction === 'over' ? rollE2 > targetE2(params) : rollE2 < targetE2(params);

/** Exact distribution over the float grid: the winning rolls are one contiguous range. */
export function diceDistribution(params: DiceParams): PayoutDistribution {
  const t = targetE2(params);
  const [lo, hi] = params.direction === 'over' ? [t + 1, DICE_OUTCOMES] : [0, t];
  const win = gridProbability(lo, hi, DICE_OUTCOMES);
  return [
    { multiplierE4: diceMultiplierE4(params), probability: win },
    { multiplierE4: 0, probability: 1 - win },
  ];
}

export const diceRtpOf = (params: DiceParams) => rtpOfDistribution(diceDistribution(params));

export const diceEngine: GameEngine<DiceParams, DiceView> = {
  key: 'dice',
  paramsSchema: diceParamsSchema,
  start(floats: FloatSource, bet: number, params: DiceParams) {
    const rollE2 = diceRollE2(floats.next());
    const win = winsE2(rollE2, params);
    const multiplierE4 = diceMultiplierE4(params);
    const view: DiceView = {
      roll: rollE2 / 100,
      target: params.target,
      direction: params.direction,
      chance: diceChanceE2(params) / 100,
      multiplierE4,
      win,
    };
    return { state: view, done: true, payout: win ? payoutOf(bet, multiplierE4) : 0, view };
  },
  rtp: diceRtpOf(diceParamsSchema.parse({})),
  rtpOf: diceRtpOf,
  volatility: 'low',
};
