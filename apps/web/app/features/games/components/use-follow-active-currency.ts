import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useAccounts } from '../../wallet/accounts.api';
import { activeAccountOf } from '../../wallet/accounts.fns';
import { shouldRelaunch } from '../game-currency.fns';

export type LaunchOutcome =
  { kind: 'starting' } | { kind: 'ready'; currency: string } | { kind: 'failed' };

/**
 * A game session plays the account that was active at launch. When the player switches the
 * active account in the header (the switch refreshes the accounts query), the game is launched
 * again in the new one at once; a refused launch (no coins, a USD account) is tried again when
 * the player switches to a game currency.
 */
export function useFollowActiveCurrency(outcome: LaunchOutcome, relaunch: () => void) {
  const accounts = useAccounts();
  const active = accounts.data ? activeAccountOf(accounts.data)?.currency : undefined;
  const again = useEffectEvent(relaunch);
  const relaunchedFor = useRef<string | undefined>(undefined);
  // A refusal happened in the currency active then (state adjusted while rendering).
  const [failedIn, setFailedIn] = useState<string | undefined>(undefined);
  if (outcome.kind === 'failed' && failedIn === undefined && active !== undefined) {
    setFailedIn(active);
  } else if (outcome.kind !== 'failed' && failedIn !== undefined) {
    setFailedIn(undefined);
  }
  const playedIn = outcome.kind === 'ready' ? outcome.currency : failedIn;

  useEffect(() => {
    if (!shouldRelaunch(playedIn, active, relaunchedFor.current)) return;
    relaunchedFor.current = active;
    again();
  }, [playedIn, active]);
}
