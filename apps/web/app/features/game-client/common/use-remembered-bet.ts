import { useCallback, useState } from 'react';
import type { GameSessionState } from '@coinfall/shared';
import { betStorageKey, initialBet } from './remembered-bet.fns';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode, sandboxed frame): the default bet
  }
}

/**
 * The bet, remembered per game and currency in this browser, so a reload keeps it. An open round
 * (a stateful game resumed) has its own bet, which wins.
 */
export function useRememberedBet(session: GameSessionState) {
  const key = betStorageKey(session.game.identity, session.currency);
  const [bet, setBetState] = useState(
    () => session.openRound?.bet ?? initialBet(read(key), session.betLevels, session.defaultBet),
  );
  const setBet = useCallback(
    (next: number) => {
      setBetState(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // Not remembered: the bet still applies to this page.
      }
    },
    [key],
  );
  return [bet, setBet] as const;
}
