import { z } from 'zod';
import type { FloatSource, GameEngine, Step } from '../engine.ts';
import { RANKS, describeCard, drawCard, rankOf } from './card.fns.ts';
import { EngineRuleError } from '../engine-rule-error.ts';
import {
  HILO_MAX_SKIPS,
  HILO_RTP,
  guessWins,
  hiloMultiplierE4,
  hiloPayout,
  reachesCap,
  stepMultiplierE4,
  winningRanks,
  type HiloGuess,
} from './hilo.fns.ts';

export const hiloParamsSchema = z.object({}).strict();
export type HiloParams = z.infer<typeof hiloParamsSchema>;

export const hiloActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('higher') }),
  z.object({ type: z.literal('lower') }),
  z.object({ type: z.literal('skip') }),
  z.object({ type: z.literal('cashout') }),
]);
export type HiloAction = z.infer<typeof hiloActionSchema>;

export const HiloStatus = {
  Playing: 'playing',
  Lost: 'lost',
  CashedOut: 'cashed-out',
  /** Reached the 1 000 000x cap: cashed out automatically. */
  Capped: 'capped',
} as const;
export type HiloStatus = (typeof HiloStatus)[keyof typeof HiloStatus];

/** How each card came: the first card, a skip, or a guess and whether it won. */
export type HiloDraw =
  { card: number; via: 'start' | 'skip' } | { card: number; via: HiloGuess; won: boolean };

export interface HiloState {
  bet: number;
  draws: HiloDraw[];
  /** Step multipliers (1/10 000) of the winning guesses so far, compounded exactly. */
  stepsE4: number[];
  skips: number;
  status: HiloStatus;
}

const currentCard = (state: HiloState) => state.draws[state.draws.length - 1]!.card;

function oddsOf(rank: number, guess: HiloGuess) {
  const ranks = winningRanks(rank, guess);
  return {
    winningRanks: ranks,
    probability: ranks / RANKS,
    stepMultiplierE4: stepMultiplierE4(rank, guess),
  };
}

function stepOf(state: HiloState): Step<HiloState> {
  const done = state.status !== HiloStatus.Playing;
  const won = state.status === HiloStatus.CashedOut || state.status === HiloStatus.Capped;
  const payout = won ? hiloPayout(state.bet, state.stepsE4) : 0;
  const rank = rankOf(currentCard(state));
  return {
    state,
    done,
    payout,
    // Nothing in hi-lo is hidden: the next card does not exist until it is drawn.
    view: {
      status: state.status,
      draws: state.draws.map((draw) => ({ ...draw, ...describeCard(draw.card) })),
      multiplierE4: hiloMultiplierE4(state.stepsE4),
      wins: state.stepsE4.length,
      skipsLeft: HILO_MAX_SKIPS - state.skips,
      canCashOut: !done && state.stepsE4.length > 0,
      odds: done ? null : { higher: oddsOf(rank, 'higher'), lower: oddsOf(rank, 'lower') },
      payout,
    },
  };
}

function guess(floats: FloatSource, state: HiloState, choice: HiloGuess): HiloState {
  const rank = rankOf(currentCard(state));
  const card = drawCard(floats);
  const won = guessWins(rank, choice, rankOf(card));
  const draws = [...state.draws, { card, via: choice, won }];
  if (!won) return { ...state, draws, status: HiloStatus.Lost };
  const stepsE4 = [...state.stepsE4, stepMultiplierE4(rank, choice)];
  return {
    ...state,
    draws,
    stepsE4,
    status: reachesCap(stepsE4) ? HiloStatus.Capped : HiloStatus.Playing,
  };
}

export const hiloEngine: GameEngine<HiloParams, HiloState, HiloAction> = {
  key: 'hilo',
  paramsSchema: hiloParamsSchema,
  actionSchema: hiloActionSchema,
  rtp: HILO_RTP,
  volatility: 'medium',

  start(floats, bet) {
    return stepOf({
      bet,
      draws: [{ card: drawCard(floats), via: 'start' }],
      stepsE4: [],
      skips: 0,
      status: HiloStatus.Playing,
    });
  },

  act(floats, state, action) {
    if (state.status !== HiloStatus.Playing) {
      throw new EngineRuleError('ROUND_OVER', 'The round is over');
    }
    switch (action.type) {
      case 'higher':
      case 'lower':
        return stepOf(guess(floats, state, action.type));
      case 'skip':
        if (state.skips >= HILO_MAX_SKIPS) {
          throw new EngineRuleError('SKIP_LIMIT', `At most ${HILO_MAX_SKIPS} skips per round`);
        }
        return stepOf({
          ...state,
          draws: [...state.draws, { card: drawCard(floats), via: 'skip' }],
          skips: state.skips + 1,
        });
      case 'cashout':
        if (state.stepsE4.length === 0) {
          throw new EngineRuleError(
            'NOTHING_TO_CASH_OUT',
            'Cash out needs at least one correct guess',
          );
        }
        return stepOf({ ...state, status: HiloStatus.CashedOut });
    }
  },
};
