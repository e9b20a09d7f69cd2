import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PREVIEW_COOKIE } from '../lib/session/cookies';

export const PREVIEW_PARAM = 'preview';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Spec §4: preview turns on with a token in the query, a cookie or session storage. The server
 * reads the query and the cookie; this keeps a session-storage copy of a token that worked and,
 * when a page of this tab comes without preview (the cookie was refused or cleared), sends the
 * stored token back as the query so the server can check it again.
 */
export function useContentPreview(previewActive: boolean): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const store = sessionStore();
    if (!store) return;
    const params = new URLSearchParams(search);
    const fromQuery = params.get(PREVIEW_PARAM);
    if (previewActive && fromQuery) {
      store.setItem(PREVIEW_COOKIE, fromQuery);
      return;
    }
    const stored = store.getItem(PREVIEW_COOKIE);
    if (!stored) return;
    if (!previewActive && fromQuery === stored) {
      // The server refused the stored token (rotated or wrong): forget it, do not loop.
      store.removeItem(PREVIEW_COOKIE);
      return;
    }
    if (!previewActive) {
      params.set(PREVIEW_PARAM, stored);
      void navigate(
        { pathname, search: `?${params.toString()}`, hash },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [previewActive, pathname, search, hash, navigate]);
}
