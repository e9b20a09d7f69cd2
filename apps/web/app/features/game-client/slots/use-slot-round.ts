import { useCallback, useEffect, useRef, useState } from 'react';
import type { Round, RoundAnswer } from '@coinfall/shared';
import type { SlotMachineDefinition } from '@coinfall/shared/games/slots/slot-machine.types';
import type { GameClientApi } from '../game-ui.ts';
import {
  asSlotView,
  fillerLength,
  REEL_COUNT,
  reelStripsOf,
  spinDurationMs,
  spinStripOf,
  type SlotSpinView,
} from './slot-view.fns.ts';

/** The reels in motion: what each one scrolls through and for how long. */
export interface ReelSpin {
  id: number;
  strips: string[][];
  durations: number[];
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The window a reel shows before the first spin: the top of its base strip. */
function idleGridOf(machine: SlotMachineDefinition): string[][] {
  return reelStripsOf(machine, 'base').map((strip) => strip.slice(1, 4));
}

/** What each reel scrolls through to land on the new view's stops. */
export function reelSpinOf(
  machine: SlotMachineDefinition,
  previous: string[][],
  next: SlotSpinView,
  id: number,
  reducedMotion: boolean,
): ReelSpin {
  const strips = reelStripsOf(machine, next.phase);
  return {
    id,
    strips: strips.map((strip, reel) =>
      spinStripOf(strip, next.stops[reel] ?? 0, previous[reel] ?? [], fillerLength(reel)),
    ),
    durations: Array.from({ length: REEL_COUNT }, (_, reel) => spinDurationMs(reel, reducedMotion)),
  };
}

interface Options {
  machine: SlotMachineDefinition;
  api: GameClientApi;
  openRound: Round | null;
  balance: number;
  onAnswer: (answer: RoundAnswer) => void;
}

/**
 * The round a slot shows and how a spin plays: a paid spin starts a round, a round with free
 * spins left goes on with `act`. The answer is revealed (round, balance via `onAnswer`) once the
 * reels have landed on its stops. A failure rejects (the frame shows it) and leaves the round as
 * it was, so the same spin can be tried again.
 */
export function useSlotRound({ machine, api, openRound, balance, onAnswer }: Options) {
  const [round, setRound] = useState<Round | null>(openRound);
  const [spin, setSpin] = useState<ReelSpin | null>(null);
  const [busy, setBusy] = useState(false);
  const [shownBalance, setShownBalance] = useState(balance);
  const roundRef = useRef<Round | null>(openRound);
  const busyRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const spinCount = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** One spin: the paid one, or the next free spin of the open round. */
  const spinOnce = useCallback(
    async (bet: number): Promise<RoundAnswer> => {
      if (busyRef.current) throw new Error('A spin is already under way');
      busyRef.current = true;
      setBusy(true);
      const current = roundRef.current;
      const previous = (current && asSlotView(current.view)?.grid) ?? idleGridOf(machine);
      try {
        const answer =
          current && !current.done
            ? await api.act(current.id, { type: 'spin' })
            : await api.startRound(bet, {});
        const next = asSlotView(answer.round.view);
        const reduced = prefersReducedMotion();
        if (next && !reduced) {
          const reelSpin = reelSpinOf(machine, previous, next, ++spinCount.current, reduced);
          setSpin(reelSpin);
          await new Promise((resolve) => {
            timer.current = setTimeout(resolve, Math.max(...reelSpin.durations));
          });
        }
        roundRef.current = answer.round;
        setSpin(null);
        setRound(answer.round);
        setShownBalance(answer.balance);
        onAnswer(answer);
        return answer;
      } catch (error) {
        setSpin(null);
        throw error;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [api, machine, onAnswer],
  );

  /**
   * A whole round for autoplay: the paid spin (or the open round's next free spin) and every
   * free spin it wins, each shown; resolves with the settled round's answer.
   */
  const playRound = useCallback(
    async (bet: number): Promise<RoundAnswer> => {
      let answer = await spinOnce(bet);
      while (!answer.round.done) answer = await spinOnce(bet);
      return answer;
    },
    [spinOnce],
  );

  const view: SlotSpinView | null = round ? asSlotView(round.view) : null;
  return {
    round,
    view,
    grid: view?.grid ?? idleGridOf(machine),
    spin,
    busy,
    balance: shownBalance,
    spinOnce,
    playRound,
    /** A round is open: the next spin is a free spin. */
    inFreeSpins: round !== null && !round.done,
  };
}
