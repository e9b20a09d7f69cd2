import { useSyncExternalStore } from 'react';
import { DEFAULT_WINNERS_COUNTRY } from '@coinfall/shared/contracts/realtime';
import type { DeviceType } from '@coinfall/shared/contracts/events';
import { useRootData } from '../../lib/root-data.ts';
import { profileQuery, usePlayerQuery } from '../../lib/query/player-queries.ts';
import { currentDevice } from '../../lib/session/session.ts';
import { boardCountryOf, boardDeviceOf, MOBILE_MAX_WIDTH_PX } from './live-boards.fns.ts';

const NARROW = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Mobile or desktop, from the user agent and the viewport (a narrow window reads mobile). */
export function useBoardDevice(): DeviceType {
  const narrow = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
  return boardDeviceOf({
    mobileUserAgent: currentDevice().type === 'mobile',
    widthPx: narrow ? 0 : Number.POSITIVE_INFINITY,
  });
}

/**
 * The winners board's country: the player's profile country, else the default (US). The
 * profile is only asked for with a session: a guest's call would be refused.
 */
export function useBoardCountry(): string | undefined {
  const { isAuthenticated } = useRootData();
  const profile = usePlayerQuery({ ...profileQuery, enabled: isAuthenticated });
  if (!isAuthenticated) return DEFAULT_WINNERS_COUNTRY;
  // Wait for the profile, so the board does not load twice; a failed load falls back.
  if (profile.isPending && profile.fetchStatus !== 'idle') return undefined;
  return boardCountryOf(profile.data?.country, DEFAULT_WINNERS_COUNTRY);
}
