import { useEffect } from 'react';
import { useRootData } from '../../lib/root-data.ts';
import { afterFirstPaint } from '../../ui/after-first-paint.ts';
import { onFirstProfile } from '../../lib/query/player-queries.ts';
import { REPORTED_KEY, shouldReportDevice } from './fingerprint.fns.ts';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The device fingerprint (issue 19, decision 049), when the content's `enabledFingerprint` is
 * on: once the signed-in player's profile is known (after a login or registration, or a page of
 * a signed-in visit) and the page has painted, loads FingerprintJS (a chunk of its own) and
 * reports the device once per tab session for that player.
 */
export function FingerprintHost() {
  const { fingerprint, isAuthenticated } = useRootData();
  const enabled = fingerprint === true;

  useEffect(() => {
    if (!enabled || !isAuthenticated) return undefined;
    let cancelPaint: (() => void) | undefined;
    const stopWatching = onFirstProfile((profile) => {
      const store = sessionStore();
      const due = shouldReportDevice({
        enabled,
        isAuthenticated,
        playerId: profile.id,
        reportedFor: store?.getItem(REPORTED_KEY) ?? null,
      });
      if (!due) return;
      cancelPaint = afterFirstPaint(() => {
        void import('./fingerprint-client.ts')
          .then(({ reportDevice }) => reportDevice({ email: profile.email, userId: profile.id }))
          .then((taken) => {
            if (taken) store?.setItem(REPORTED_KEY, profile.id);
          })
          .catch((error: unknown) => console.warn('Device fingerprint not reported', error));
      });
    });
    return () => {
      stopWatching();
      cancelPaint?.();
    };
  }, [enabled, isAuthenticated]);
  return null;
}

export default FingerprintHost;
