/**
 * Autoplay as a pure state machine: the hook (use-autoplay.ts) only runs rounds while it says
 * `running`. A round is a win when it pays more than it staked, a loss when it pays less.
 */
export interface AutoplaySettings {
  /** Rounds to play, at least 1. */
  rounds: number;
  stopOnWin: boolean;
  stopOnLoss: boolean;
  /** Stop once the balance falls below this (minor units); null: no such stop. */
  stopBelowBalance: number | null;
}

export type AutoplayStopReason = 'rounds' | 'win' | 'loss' | 'balance' | 'error' | 'player';

export interface AutoplayState {
  status: 'idle' | 'running' | 'stopped';
  settings: AutoplaySettings | null;
  played: number;
  stopReason: AutoplayStopReason | null;
}

export type AutoplayEvent =
  | { type: 'start'; settings: AutoplaySettings; balance: number }
  | { type: 'round'; bet: number; payout: number; balance: number }
  | { type: 'error' }
  | { type: 'stop' };

export const AUTOPLAY_MAX_ROUNDS = 1000;
export const AUTOPLAY_ROUND_CHOICES = [10, 25, 50, 100, 250] as const;

export const initialAutoplay: AutoplayState = {
  status: 'idle',
  settings: null,
  played: 0,
  stopReason: null,
};

const stopped = (state: AutoplayState, stopReason: AutoplayStopReason): AutoplayState => ({
  ...state,
  status: 'stopped',
  stopReason,
});

const belowFloor = (settings: AutoplaySettings, balance: number) =>
  settings.stopBelowBalance !== null && balance < settings.stopBelowBalance;

/** Why the run stops after a round with this outcome, or null to go on. */
export function stopReasonAfterRound(
  settings: AutoplaySettings,
  playedAfter: number,
  round: { bet: number; payout: number; balance: number },
): AutoplayStopReason | null {
  if (settings.stopOnWin && round.payout > round.bet) return 'win';
  if (settings.stopOnLoss && round.payout < round.bet) return 'loss';
  if (belowFloor(settings, round.balance)) return 'balance';
  if (playedAfter >= settings.rounds) return 'rounds';
  return null;
}

export function autoplayReducer(state: AutoplayState, event: AutoplayEvent): AutoplayState {
  switch (event.type) {
    case 'start': {
      if (state.status === 'running') return state;
      const rounds = Math.min(AUTOPLAY_MAX_ROUNDS, Math.max(1, Math.floor(event.settings.rounds)));
      const settings = { ...event.settings, rounds };
      const next: AutoplayState = { status: 'running', settings, played: 0, stopReason: null };
      return belowFloor(settings, event.balance) ? stopped(next, 'balance') : next;
    }
    case 'round': {
      if (state.status !== 'running' || !state.settings) return state;
      const played = state.played + 1;
      const reason = stopReasonAfterRound(state.settings, played, event);
      const next = { ...state, played };
      return reason ? stopped(next, reason) : next;
    }
    case 'error':
      return state.status === 'running' ? stopped(state, 'error') : state;
    case 'stop':
      return state.status === 'running' ? stopped(state, 'player') : state;
  }
}

/** Rounds still to play in a running autoplay (0 once stopped). */
export const roundsLeft = (state: AutoplayState): number =>
  state.status === 'running' && state.settings ? state.settings.rounds - state.played : 0;
