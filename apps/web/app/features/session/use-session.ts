import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRevalidator, type To } from 'react-router';
import { useLocalizedPath } from '../../i18n/i18n';
import { createInactivityTimer, watchInput } from './inactivity';
import { MODAL_PARAM } from '../../lib/modals/modal-link';
import {
  checkToken,
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
 * While mounted (the account menu is, for a logged-in player): failure routing through the
 * router, the token check every 30 s, and the inactivity logout after 20 minutes. Unmounting
 * (logout flips the shell to guest) stops all of it.
 */
export function useSessionWatch(): void {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const localize = useLocalizedPath();
  const logoutNow = useLogout();
  const location = useLocation();
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
    const interval = setInterval(() => void checkToken(), TOKEN_CHECK_INTERVAL_MS);
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
}
