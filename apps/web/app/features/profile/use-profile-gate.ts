import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { splitLocalePath } from '@coinfall/shared/locales';
import { useLocalizedPath } from '../../i18n/i18n.tsx';
import type { ProfileGateSnapshot } from './profile-watch.ts';

// profile-watch pulls in TanStack Query and the API client: it is imported on demand and only
// for a logged-in player, so a guest's pages never download it.
const loadWatch = () => import('./profile-watch.ts');

/**
 * Whether the logged-in player's profile is complete, for the modal gate (spec §6): undefined
 * while unknown (or for a guest). The profile is fetched only when `needed` (a gated modal was
 * asked for); any profile that reaches the cache is watched, and a blocked player is sent to
 * /blocked (spec §4 "Player status").
 */
export function useProfileGate(loggedIn: boolean, needed: boolean): boolean | undefined {
  const [snapshot, setSnapshot] = useState<ProfileGateSnapshot>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const localize = useLocalizedPath();

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    let stop: (() => void) | undefined;
    void loadWatch().then(({ watchPlayerProfile }) => {
      if (live) stop = watchPlayerProfile(setSnapshot);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [loggedIn]);

  useEffect(() => {
    if (loggedIn && needed) void loadWatch().then(({ loadPlayerProfile }) => loadPlayerProfile());
  }, [loggedIn, needed]);

  const blocked = loggedIn && typeof snapshot === 'object' && snapshot.blocked;
  const onBlockedPage = splitLocalePath(pathname).rest === '/blocked';
  const sentToBlocked = useRef(false);
  useEffect(() => {
    if (!blocked || onBlockedPage || sentToBlocked.current) return;
    sentToBlocked.current = true;
    void navigate(localize('/blocked'), { replace: true });
  }, [blocked, onBlockedPage, navigate, localize]);

  if (!loggedIn || snapshot === undefined) return undefined;
  // A profile that cannot be loaded counts as incomplete: the profile modal shows the failure
  // with a retry, which is better than opening a purchase the server would refuse.
  return snapshot === 'failed' ? false : snapshot.complete;
}
