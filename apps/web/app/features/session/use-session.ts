import { useEffect, useRef } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useLocalizedPath } from '../../i18n/i18n';
import { createInactivityTimer, watchInput } from './inactivity';
import { checkToken, logout, setSessionNavigator } from '../../lib/session/session';
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
  // The effect runs once; these read the current render's functions.
  const latest = useRef({ navigate, revalidator, localize, logoutNow });
  useEffect(() => {
    latest.current = { navigate, revalidator, localize, logoutNow };
  });

  useEffect(() => {
    const restoreNavigator = setSessionNavigator((path) => {
      const { navigate: go, localize: at, revalidator: data } = latest.current;
      void Promise.resolve(go(at(path), { replace: path !== '/' })).then(() => data.revalidate());
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
