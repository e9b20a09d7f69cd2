import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine, type Step } from '../engine.ts';
import { EngineRuleError } from '../engine-rule-error.ts';
import { drawWithoutReplacement } from './fisher-yates.fns.ts';
import { binomial, intDiv, rtpOfDistribution, type PayoutDistribution } from './odds.fns.ts';

/**
 * Mines: a 5×5 board, 1–24 mines placed at the start by Fisher–Yates (one float per mine), so
 * the actions use no floats and a stored state alone resumes the round. After k safe reveals
 * the cash-out multiplier is 0.99 · C(25, k) / C(25 − m, k) (the inverse of the chance to get
 * there, less 1 %), rounded down to 1/10 000.
 */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
const ALL_TILES = Array.from({ length: MINES_TILES }, (_, i) => i);

export const minesParamsSchema = z.object({
  mines: z.number().int().min(MINES_MIN).max(MINES_MAX).default(3),
});
export type MinesParams = z.infer<typeof minesParamsSchema>;

export const minesActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('reveal'),
    tile: z
      .number()
      .int()
      .min(0)
      .max(MINES_TILES - 1),
  }),
  z.object({ type: z.literal('cashout') }),
]);
export type MinesAction = z.infer<typeof minesActionSchema>;

/** Stored server-side; never sent to the player (see MinesView). */
export interface MinesState {
  bet: number;
  mineCount: number;
  /** Mine tiles in draw order. */
  mines: number[];
  /** Safe tiles revealed, in order (a mine hit is `hitMine`, not here). */
  revealed: number[];
  hitMine: number | null;
  done: boolean;
  payout: number;
}

export interface MinesView {
  mineCount: number;
  revealed: number[];
  /** What cashing out pays now (null before the first reveal). */
  multiplierE4: number | null;
  /** What the next safe reveal would make it (null once done). */
  nextMultiplierE4: number | null;
  hitMine: number | null;
  done: boolean;
  /** Every mine, only once the round has ended. */
  mines: number[] | null;
}

/** 0.99 · C(25, k) / C(25 − m, k) in 1/10 000, rounded down, in exact integers. */
export function minesMultiplierE4(mines: number, reveals: number): number {
  return intDiv(9_900 * binomial(MINES_TILES, reveals), binomial(MINES_TILES - mines, reveals));
}

/** Cash out after exactly `reveals` safe tiles (whatever the order: the board is uniform). */
export function minesDistribution(mines: number, reveals: number): PayoutDistribution {
  const survive = binomial(MINES_TILES - mines, reveals) / binomial(MINES_TILES, reveals);
  return [
    { multiplierE4: minesMultiplierE4(mines, reveals), probability: survive },
    { multiplierE4: 0, probability: 1 - survive },
  ];
}

/** The best RTP a player can reach with `mines` (over every cash-out point). */
export function minesRtpOf(params: MinesParams): number {
  let best = 0;
  for (let k = 1; k <= MINES_TILES - params.mines; k++) {
    best = Math.max(best, rtpOfDistribution(minesDistribution(params.mines, k)));
  }
  return best;
}

export function minesViewOf(state: MinesState): MinesView {
  const k = state.revealed.length;
  return {
    mineCount: state.mineCount,
    revealed: [...state.revealed],
    multiplierE4: k === 0 || state.hitMine !== null ? null : minesMultiplierE4(state.mineCount, k),
    nextMultiplierE4: state.done ? null : minesMultiplierE4(state.mineCount, k + 1),
    hitMine: state.hitMine,
    done: state.done,
    mines: state.done ? [...state.mines] : null,
  };
}

const stepOf = (state: MinesState): Step<MinesState> => ({
  state,
  done: state.done,
  payout: state.payout,
  view: minesViewOf(state),
});

function settle(state: MinesState): MinesState {
  const multiplierE4 = minesMultiplierE4(state.mineCount, state.revealed.length);
  return { ...state, done: true, payout: payoutOf(state.bet, multiplierE4) };
}

export function applyMinesAction(state: MinesState, action: MinesAction): MinesState {
  if (state.done) throw new EngineRuleError('ROUND_OVER', 'This round has ended');
  switch (action.type) {
    case 'cashout':
      if (state.revealed.length === 0) {
        throw new EngineRuleError('NOTHING_TO_CASH_OUT', 'Reveal a tile before cashing out');
      }
      return settle(state);
    case 'reveal': {
      if (state.revealed.includes(action.tile)) {
        throw new EngineRuleError('TILE_ALREADY_REVEALED', `Tile ${action.tile} is already open`);
      }
      if (state.mines.includes(action.tile)) {
        return { ...state, hitMine: action.tile, done: true, payout: 0 };
      }
      const next = { ...state, revealed: [...state.revealed, action.tile] };
      // Every safe tile open: nothing is left to risk, the round pays out by itself.
      return next.revealed.length === MINES_TILES - state.mineCount ? settle(next) : next;
    }
  }
}

export const minesEngine: GameEngine<MinesParams, MinesState, MinesAction> = {
  key: 'mines',
  paramsSchema: minesParamsSchema,
  actionSchema: minesActionSchema,
  start(floats: FloatSource, bet: number, params: MinesParams) {
    const mines = drawWithoutReplacement(floats, ALL_TILES, params.mines);
    return stepOf({
      bet,
      mineCount: params.mines,
      mines,
      revealed: [],
      hitMine: null,
      done: false,
      payout: 0,
    });
  },
  act(_floats: FloatSource, state: MinesState, action: MinesAction) {
    return stepOf(applyMinesAction(state, action));
  },
  rtp: minesRtpOf(minesParamsSchema.parse({})),
  rtpOf: minesRtpOf,
  volatility: 'medium',
};
