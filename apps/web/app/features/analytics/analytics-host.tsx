import { useEffect } from 'react';
import { useRootData } from '../../lib/root-data.ts';
import { afterFirstPaint } from '../../ui/after-first-paint.ts';
import { onFirstProfile } from '../../lib/query/player-queries.ts';
import { ANALYTICS_EVENTS } from './analytics-settings.ts';
import {
  STORAGE_KEYS,
  attributionFromStorage,
  attributionUserProperties,
} from './attribution.fns.ts';
import { attachAnalytics, identifyPlayer, setUserProperties } from './track.ts';

/** The network's click id of a `stag` landing (the pixel's marker; the tag itself otherwise). */
function rememberClick(store: Storage, search: URLSearchParams): void {
  const click = search.get(STORAGE_KEYS.affclick);
  if (click && search.get('stag')) store.setItem(STORAGE_KEYS.affclick, click.slice(0, 128));
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Loads the Amplitude SDK after the first paint (a chunk of its own) and hands it the calls queued
 * meanwhile. A guest whose SDK still remembers a player has logged out (or was logged out):
 * that is tracked for the old player, then the SDK resets (spec §4 "Logout"). The visit's
 * attribution and funnel ride along as user properties.
 */
export function AnalyticsHost() {
  const { growth, isAuthenticated } = useRootData();
  const apiKey = growth?.analyticsKey ?? null;

  useEffect(() => {
    if (!apiKey) return undefined;
    let stopped = false;
    const cancel = afterFirstPaint(() => {
      void import('./amplitude-client.ts')
        .then(({ startAmplitude }) => startAmplitude({ apiKey, origin: window.location.origin }))
        .then((client) => {
          if (stopped) return;
          const previous = client.userId();
          if (!isAuthenticated && previous) {
            client.track({
              event_type: ANALYTICS_EVENTS.logout,
              user_id: previous,
              device_id: client.deviceId(),
            });
            client.reset();
          }
          attachAnalytics(client);
          const store = storage();
          if (store) {
            rememberClick(store, new URLSearchParams(window.location.search));
            setUserProperties(attributionUserProperties(attributionFromStorage(store)), true);
          }
        })
        .catch((error: unknown) => console.warn('Analytics did not start', error));
    });
    return () => {
      stopped = true;
      cancel();
    };
    // Once per page load: the root data's login state is that of the document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey]);

  // The shell's startup load fetches the profile; reading it from the cache keeps analytics from
  // being a second caller whose 401 would log the player out (the startup's failure is silent).
  useEffect(() => {
    if (!isAuthenticated || apiKey === null) return undefined;
    return onFirstProfile((profile) => identifyPlayer(profile.id));
  }, [isAuthenticated, apiKey]);
  return null;
}

export default AnalyticsHost;
