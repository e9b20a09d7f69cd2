import { useCallback, useEffect, useMemo, useState } from 'react';
import type {
  FairnessState,
  GameBonus,
  GameFreeSpins,
  GameSessionState,
  RoundAnswer,
} from '@coinfall/shared';
import type { GameClientApi } from '../game-ui';
import { createRgsClient, RgsError, tokenFromHash } from '../rgs-client';
import { freeSpinningApi, postBalance, reportingApi } from './frame-api.fns';

export type FrameStatus =
  | { kind: 'loading' }
  | { kind: 'no-token' }
  | { kind: 'expired' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; session: GameSessionState };

const isExpiry = (error: unknown) =>
  error instanceof RgsError &&
  (error.code === 'GAME_SESSION_EXPIRED' ||
    error.code === 'UNAUTHENTICATED' ||
    error.status === 401);

/**
 * The frame's state: reads the token from the fragment once (it never goes anywhere but the
 * Authorization header), opens the game session, and keeps balance and fairness current.
 */
export function useGameSession() {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const client = useMemo(() => (token ? createRgsClient(token) : null), [token]);
  const [status, setStatus] = useState<FrameStatus>(() =>
    token ? { kind: 'loading' } : { kind: 'no-token' },
  );
  const [balance, setBalance] = useState(0);
  const [fairness, setFairness] = useState<FairnessState | null>(null);
  const [bonus, setBonus] = useState<GameBonus | null>(null);
  const [freeSpins, setFreeSpins] = useState<GameFreeSpins | null>(null);
  // The free spin the next round plays: the api changes only when it does (none left: none).
  const freeSpinId = freeSpins && freeSpins.left > 0 ? freeSpins.id : undefined;
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!client) return;
    let live = true;
    client.openSession().then(
      (session) => {
        if (!live) return;
        setBalance(session.balance);
        setFairness(session.fairness);
        setBonus(session.bonus ?? null);
        setFreeSpins(session.freeSpins ?? null);
        setStatus({ kind: 'ready', session });
      },
      (failure: unknown) => {
        if (!live) return;
        setStatus(isExpiry(failure) ? { kind: 'expired' } : { kind: 'failed', error: failure });
      },
    );
    return () => {
      live = false;
    };
  }, [client, attempt]);

  const api: GameClientApi | null = useMemo(
    () =>
      client &&
      freeSpinningApi(
        reportingApi(client, {
          failed: (failure) => setError(failure),
          succeeded: () => setError(null),
        }),
        freeSpinId,
      ),
    [client, freeSpinId],
  );

  const onAnswer = useCallback(
    (answer: RoundAnswer) => {
      setBalance(answer.balance);
      setFairness(answer.fairness);
      // Absent: this answer says nothing of them (a round without a bonus or free spin).
      if (answer.bonus !== undefined) setBonus(answer.bonus);
      if (answer.freeSpins !== undefined) setFreeSpins(answer.freeSpins);
      // The last free spin's answer speaks of the spins only: their win may have become a
      // bonus to wager, which the session tells (with its progress).
      if (answer.freeSpins !== undefined && !(answer.freeSpins && answer.freeSpins.left > 0)) {
        client?.openSession().then(
          (session) => setBonus(session.bonus ?? null),
          () => undefined, // the next answer tells it anyway
        );
      }
      if (window.parent !== window) postBalance(window.parent, window.location.origin, answer);
    },
    [client],
  );

  const retry = useCallback(() => {
    setStatus({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return {
    status,
    balance,
    fairness,
    bonus,
    freeSpins,
    api,
    onAnswer,
    error,
    dismissError: () => setError(null),
    retry,
  };
}
