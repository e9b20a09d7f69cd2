import { useCallback, useState } from 'react';
import type { Round } from '@coinfall/shared';
import type { GameUiProps } from '../game-ui';
import { useRememberedBet } from './use-remembered-bet';

/**
 * A stateful game's round (mines, hi-lo, blackjack): it starts from the session's open round, so
 * a reload continues exactly where the player was; every step's answer goes to the frame.
 */
export function useStatefulRound({ session, api, onAnswer }: GameUiProps) {
  const [bet, setBet] = useRememberedBet(session);
  const [round, setRound] = useState<Round | null>(session.openRound);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (call: () => ReturnType<GameUiProps['api']['startRound']>) => {
      setBusy(true);
      try {
        const answer = await call();
        setRound(answer.round);
        onAnswer(answer);
        return answer;
      } catch {
        // The frame shows the failure with its code; the round stays as it was.
        return null;
      } finally {
        setBusy(false);
      }
    },
    [onAnswer],
  );

  const start = useCallback(
    (params: Record<string, unknown>) => run(() => api.startRound(bet, params)),
    [api, bet, run],
  );
  const act = useCallback(
    (action: Record<string, unknown>) => {
      if (!round) return Promise.resolve(null);
      const id = round.id;
      return run(() => api.act(id, action));
    },
    [api, round, run],
  );

  const open = round !== null && !round.done;
  return { bet, setBet, round, busy, open, start, act };
}
