import { z } from 'zod';
import { payoutOf, type FloatSource, type GameEngine } from '../engine.ts';
import { compileSlotMachine, REELS, ROWS, type CompiledSlotMachine } from './slot-compile.fns.ts';
import type { SlotMachineDefinition } from './slot-machine.types.ts';
import { freeSpinsWon, playSpin, type SpinRecorder } from './slot-spin.fns.ts';

/** The bet is the total bet; a slot has no other choice to make. */
export const slotParamsSchema = z.object({}).strict();
export type SlotParams = z.infer<typeof slotParamsSchema>;

/** The only action of a round with free spins left: play the next one. */
export const slotActionSchema = z.object({ type: z.literal('spin') });
export type SlotAction = z.infer<typeof slotActionSchema>;

/**
 * Stored between steps. Wins are kept as multipliers of the total bet (1/10 000); the payout is
 * `payoutOf(bet, totalWinE4)`, floored once for the round. The float cursor is the server's.
 */
export interface SlotRoundState {
  bet: number;
  freeSpinsLeft: number;
  freeSpinsAwarded: number;
  freeSpinsPlayed: number;
  /** The free-spin multiplier (fixed per machine, stored so the view needs nothing else). */
  multiplier: number;
  /** Paid spin: lines or ways, scatter pay and bonus prizes. */
  baseWinE4: number;
  freeSpinsWinE4: number;
  totalWinE4: number;
}

export interface SlotLineWin {
  /** Payline number from 1, or null for a ways win. */
  line: number | null;
  symbol: string;
  count: number;
  ways: number;
  /** After the free-spin multiplier. */
  winE4: number;
}

export interface SlotSpinView {
  phase: 'base' | 'free';
  stops: number[];
  /** `grid[reel][row]`, row 0 on top. */
  grid: string[][];
  lineWins: SlotLineWin[];
  scatter: { count: number; winE4: number };
  bonus: { count: number; prizesE4: number[] };
  /** Everything this spin won, after the free-spin multiplier. */
  spinWinE4: number;
  freeSpins: { won: number; left: number; played: number; multiplier: number };
  totalWinE4: number;
  payout: number;
}

export type SlotEngine = GameEngine<SlotParams, SlotRoundState, SlotAction> & {
  machine: CompiledSlotMachine;
  definition: SlotMachineDefinition;
};

function playViewedSpin(m: CompiledSlotMachine, floats: FloatSource, free: boolean) {
  const multiplier = free ? m.freeSpinMultiplier : 1;
  const lineWins: SlotLineWin[] = [];
  const prizesE4: number[] = [];
  const recorder: SpinRecorder = {
    lineWin(line, symbol, count, ways, winE4) {
      lineWins.push({
        line: line < 0 ? null : line + 1,
        symbol: m.symbolKeys[symbol]!,
        count,
        ways,
        winE4: winE4 * multiplier,
      });
    },
    bonusPick(prizeE4) {
      prizesE4.push(prizeE4 * multiplier);
    },
  };
  const spinWinE4 = playSpin(m, free ? m.free : m.base, () => floats.next(), recorder) * multiplier;
  const grid = Array.from({ length: REELS }, (_, reel) =>
    Array.from({ length: ROWS }, (_, row) => m.symbolKeys[m.window[reel * ROWS + row]!]!),
  );
  return {
    spinWinE4,
    scatters: m.scatters,
    partial: {
      phase: free ? ('free' as const) : ('base' as const),
      stops: Array.from(m.stops),
      grid,
      lineWins,
      scatter: { count: m.scatters, winE4: m.scatterPayE4[Math.min(m.scatters, 5)]! * multiplier },
      bonus: { count: m.bonuses, prizesE4 },
      spinWinE4,
    },
  };
}

function stepOf(
  state: SlotRoundState,
  spin: ReturnType<typeof playViewedSpin>,
  won: number,
): { state: SlotRoundState; done: boolean; payout: number; view: SlotSpinView } {
  const payout = payoutOf(state.bet, state.totalWinE4);
  return {
    state,
    done: state.freeSpinsLeft === 0,
    payout,
    view: {
      ...spin.partial,
      freeSpins: {
        won,
        left: state.freeSpinsLeft,
        played: state.freeSpinsPlayed,
        multiplier: state.multiplier,
      },
      totalWinE4: state.totalWinE4,
      payout,
    },
  };
}

/** A GameEngine for one machine: `start` plays the paid spin, `act` each free spin it won. */
export function createSlotEngine(definition: SlotMachineDefinition): SlotEngine {
  const m = compileSlotMachine(definition);
  return {
    key: `slot:${definition.identity}`,
    machine: m,
    definition,
    paramsSchema: slotParamsSchema,
    actionSchema: slotActionSchema,
    rtp: definition.rtp,
    volatility: definition.volatility,
    start(floats, bet) {
      if (!Number.isInteger(bet) || bet <= 0) throw new Error('The bet must be a positive integer');
      const spin = playViewedSpin(m, floats, false);
      const won = freeSpinsWon(m, spin.scatters, 0);
      const state: SlotRoundState = {
        bet,
        freeSpinsLeft: won,
        freeSpinsAwarded: won,
        freeSpinsPlayed: 0,
        multiplier: m.freeSpinMultiplier,
        baseWinE4: spin.spinWinE4,
        freeSpinsWinE4: 0,
        totalWinE4: spin.spinWinE4,
      };
      return stepOf(state, spin, won);
    },
    act(floats, previous, action) {
      slotActionSchema.parse(action);
      if (previous.freeSpinsLeft <= 0) throw new Error('No free spins left in this round');
      const spin = playViewedSpin(m, floats, true);
      const won = freeSpinsWon(m, spin.scatters, previous.freeSpinsAwarded);
      const state: SlotRoundState = {
        ...previous,
        freeSpinsLeft: previous.freeSpinsLeft - 1 + won,
        freeSpinsAwarded: previous.freeSpinsAwarded + won,
        freeSpinsPlayed: previous.freeSpinsPlayed + 1,
        freeSpinsWinE4: previous.freeSpinsWinE4 + spin.spinWinE4,
        totalWinE4: previous.totalWinE4 + spin.spinWinE4,
      };
      return stepOf(state, spin, won);
    },
  };
}
