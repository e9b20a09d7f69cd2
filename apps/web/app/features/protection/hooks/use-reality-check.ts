import { useEffect, useState } from 'react';
import { BALANCE_MESSAGE_TYPE, frameMessageOf } from '../../game-client/frame-messages.fns';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { realityCheckQuery, useRealityCheckState } from '../api/reality-check';
import { msUntilCheck } from '../reality-check.fns';

/** setTimeout's ceiling (about 24.8 days): a later check is simply scheduled again. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * When the reality check is due on the game page (decision 036). One timer for the next check
 * (no polling); when it fires the state is read again for fresh results, and the dialog shows
 * as long as that same check is still the one due — an answer in another tab moved it, and a
 * session that ended has none. Without a standing session, the first round the game reports
 * (its balance message) reads the state again, so the first check gets scheduled.
 */
export function useRealityCheck(): {
  state: ReturnType<typeof useRealityCheckState>['data'];
  /** The check due (its nextCheckAt), and the site's time when it came due. */
  due: { checkAt: string; at: number } | null;
} {
  const query = useRealityCheckState();
  const { data, dataUpdatedAt } = query;
  const [fired, setFired] = useState<{ checkAt: string; at: number } | null>(null);

  const next = data?.nextCheckAt ?? null;
  useEffect(() => {
    if (!data || !next) return;
    const wait = msUntilCheck(data, dataUpdatedAt, Date.now());
    if (wait === null) return;
    const timer = setTimeout(
      () => {
        if (wait > MAX_TIMEOUT_MS) return;
        setFired({ checkAt: next, at: Date.now() });
        void playerQueryClient.invalidateQueries({ queryKey: realityCheckQuery.queryKey });
      },
      Math.min(wait, MAX_TIMEOUT_MS),
    );
    return () => clearTimeout(timer);
  }, [data, dataUpdatedAt, next]);

  const waitingForSession = Boolean(data && data.intervalMinutes !== null && !data.session);
  useEffect(() => {
    if (!waitingForSession) return;
    const onMessage = (event: MessageEvent) => {
      if (frameMessageOf(event, window.location.origin)?.type !== BALANCE_MESSAGE_TYPE) return;
      void playerQueryClient.invalidateQueries({ queryKey: realityCheckQuery.queryKey });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [waitingForSession]);

  const due = Boolean(next && data?.session && fired?.checkAt === next);
  return { state: data, due: due ? fired : null };
}
