import { useCallback, useState } from 'react';
import type { Round, RoundAnswer } from '@coinfall/shared';
import type { GameUiProps } from '../game-ui';
import { useRememberedBet } from './use-remembered-bet';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A one-shot game's round cycle (dice, limbo, plinko, keno, roulette, slots): the bet, one round
 * at a time, the drawn round at once (to animate) and the settled one after `revealMs` (to
 * announce), the frame told of the answer once the animation ends.
 */
export function useOneShotRound({ session, api, onAnswer }: GameUiProps, revealMs: number) {
  const [bet, setBet] = useRememberedBet(session);
  const [busy, setBusy] = useState(false);
  /** The round being drawn (its animation plays from here). */
  const [drawn, setDrawn] = useState<Round | null>(null);
  /** The round announced (after its animation). */
  const [settled, setSettled] = useState<Round | null>(null);
  const [balance, setBalance] = useState(session.balance);

  const play = useCallback(
    async (params: Record<string, unknown>, stake = bet): Promise<RoundAnswer> => {
      setBusy(true);
      try {
        const answer = await api.startRound(stake, params);
        setSettled(null);
        setDrawn(answer.round);
        if (revealMs > 0) await wait(revealMs);
        setSettled(answer.round);
        setBalance(answer.balance);
        onAnswer(answer);
        return answer;
      } finally {
        setBusy(false);
      }
    },
    [api, bet, onAnswer, revealMs],
  );

  return { bet, setBet, busy, drawn, settled, balance, play };
}

/** For a click: the frame shows a failure, so the rejection only needs swallowing here. */
export const ignoreFailure = (promise: Promise<unknown>): void => {
  promise.catch(() => undefined);
};
