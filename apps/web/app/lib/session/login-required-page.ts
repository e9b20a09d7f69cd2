import { useEffect } from 'react';

/**
 * Whether a login-required page is showing: where a session that ended sends the player depends
 * on it (session.ts `routeFailure`). A counter, not a flag, so a page leaving after the next one
 * arrived does not clear it.
 */
let mounted = 0;

export const onLoginRequiredPage = (): boolean => mounted > 0;

/** Marks the page as login-required while the calling component is mounted. */
export function useLoginRequiredPage(): void {
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
    };
  }, []);
}
