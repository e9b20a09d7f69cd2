import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { RoundAnswer } from '@coinfall/shared';
import { autoplayReducer, initialAutoplay, type AutoplaySettings } from '../autoplay.fns';

/**
 * Runs rounds one after another while the autoplay machine says `running`. `playOnce` plays one
 * round (animation included) and resolves with its answer; a rejection stops the run (the frame
 * shows the error). Each round starts once, even when React runs the effect twice.
 */
export function useAutoplay(playOnce: () => Promise<RoundAnswer>, balance: number) {
  const [state, dispatch] = useReducer(autoplayReducer, initialAutoplay);
  const play = useRef(playOnce);
  const startedRound = useRef(-1);
  const latestBalance = useRef(balance);

  useEffect(() => {
    play.current = playOnce;
    latestBalance.current = balance;
  });

  useEffect(() => {
    if (state.status !== 'running') {
      startedRound.current = -1;
      return;
    }
    if (startedRound.current === state.played) return;
    startedRound.current = state.played;
    play.current().then(
      (answer) =>
        dispatch({
          type: 'round',
          bet: answer.round.bet,
          payout: answer.round.payout,
          balance: answer.balance,
        }),
      () => dispatch({ type: 'error' }),
    );
  }, [state.status, state.played]);

  const start = useCallback(
    (settings: AutoplaySettings) =>
      dispatch({ type: 'start', settings, balance: latestBalance.current }),
    [],
  );
  const stop = useCallback(() => dispatch({ type: 'stop' }), []);
  return { autoplay: state, start, stop, running: state.status === 'running' };
}
