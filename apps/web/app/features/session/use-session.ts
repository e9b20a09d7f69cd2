import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate, useRevalidator, type To } from 'react-router';
import { useLocalizedPath } from '../../i18n/i18n';
import { createInactivityTimer, watchInput } from './inactivity';
import { MODAL_PARAM } from '../../lib/modals/modal-link';
import { playerQueryClient, profileQuery } from '../../lib/query/player-queries';
import { fetchesUserOnRouteChange } from './current-user.fns';
import {
  checkToken,
  currentDevice,
  logout,
  setSessionNavigator,
  type SessionDestination,
} from '../../lib/session/session';
import { INACTIVITY_LOGOUT_MS, TOKEN_CHECK_INTERVAL_MS } from '../../lib/session/session.fns';

/** Logs out (API call, cookie) and loads home afresh, so the shell is a guest's again. */
export function useLogout(): () => Promise<void> {
  const localize = useLocalizedPath();
  return async () => {
    await logout();
    // A document load of home: it resets every piece of player state at once (spec §4
    // "Logout"), and the root data is fresh. (A client navigation would not reload it when only
    // tracking parameters differ, and shouldRevalidateIgnoringTracking also turns down
    // useRevalidator() calls, whose current and next URL are the same.)
    window.location.assign(localize('/'));
  };
}

/** The same page with the sign-in modal over it. */
function signInOver(location: { pathname: string; search: string }): To {
  const params = new URLSearchParams(location.search);
  params.set(MODAL_PARAM, 'sign-in');
  return { pathname: location.pathname, search: `?${params.toString()}` };
}

/**
 * Reads the current user again. Through the site's API client, so its answer routes as any
 * call's does: a player blocked meanwhile goes to /blocked, an ended session to the sign-in.
 */
function refreshCurrentUser(): void {
  void playerQueryClient.fetchQuery({ ...profileQuery, staleTime: 0 }).catch(() => undefined);
}

const isMobile = () => currentDevice().type !== 'desktop';

/**
 * While mounted (the account menu is, for a logged-in player): failure routing through the
 * router, the token check on mount and every 30 s (with the current user on desktop, spec §4), the current
 * user on route change, and the inactivity logout after 20 minutes. Unmounting (logout flips
 * the shell to guest) stops all of it.
 */
export function useSessionWatch(): void {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const localize = useLocalizedPath();
  const logoutNow = useLogout();
  const location = useLocation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id;
  const previousRoute = useRef<string | undefined>(routeId);
  // The effect runs once; these read the current render's values.
  const latest = useRef({ navigate, revalidator, localize, logoutNow, location });
  useEffect(() => {
    latest.current = { navigate, revalidator, localize, logoutNow, location };
  });

  useEffect(() => {
    const restoreNavigator = setSessionNavigator((destination: SessionDestination) => {
      const { navigate: go, localize: at, revalidator: data, location: here } = latest.current;
      const to = destination === 'sign-in' ? signInOver(here) : at(destination);
      void Promise.resolve(go(to, { replace: destination !== '/' })).then(() => data.revalidate());
    });
    // At mount: a token that expired while the tab was closed is renewed now, and a session
    // that ended meanwhile routes to the sign-in here, not whenever a page's call meets the 401.
    void checkToken();
    const interval = setInterval(() => {
      void checkToken().then((state) => {
        if (state !== 'logged-out' && !isMobile()) refreshCurrentUser();
      });
    }, TOKEN_CHECK_INTERVAL_MS);
    const timer = createInactivityTimer(INACTIVITY_LOGOUT_MS, () => {
      void latest.current.logoutNow();
    });
    const unwatch = watchInput(document, timer);
    return () => {
      clearInterval(interval);
      timer.stop();
      unwatch();
      restoreNavigator();
    };
  }, []);

  useEffect(() => {
    if (!routeId) return;
    const from = previousRoute.current;
    previousRoute.current = routeId;
    // The first render is the page load: startup loads the profile already.
    if (from !== undefined && fetchesUserOnRouteChange(from, routeId, isMobile()))
      refreshCurrentUser();
  }, [routeId]);
}
