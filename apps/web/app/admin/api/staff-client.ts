import { QueryClient } from '@tanstack/react-query';
import { createApiClient, type RequestOptions } from '../../lib/api/api-client';
import type { ApiError } from '../../lib/api/api-error';

/**
 * The back office's HTTP client: the player client's transport (retries, error shape) with the
 * staff session instead of a player token. The session is the HttpOnly `coinfall_staff` cookie
 * scoped to /api/admin (decision 031), so every call sends same-origin credentials and no script
 * ever sees the token; there is nothing to refresh.
 */
const transport = createApiClient({
  baseUrl: '',
  tokens: { get: () => undefined, isExpired: () => false },
  refresh: () => Promise.reject(new Error('A staff session is never refreshed')),
  onFailure: (_action, _status, error) => noteStaffRefusal(error),
});

export type SignOutReason = 'expired' | 'idle' | 'signed-out';
let signedOutListener: ((reason: SignOutReason) => void) | undefined;
let lastCallAt = Date.now();

/** The frame listens: an ended session (401 STAFF_UNAUTHENTICATED) sends back to sign-in. */
export function onStaffSignedOut(listener: (reason: SignOutReason) => void): () => void {
  signedOutListener = listener;
  return () => {
    if (signedOutListener === listener) signedOutListener = undefined;
  };
}

/** When the last call left: the server's idle timeout counts from its requests too. */
export function lastStaffCallAt(): number {
  return lastCallAt;
}

/**
 * A refused staff call, over HTTP or on the console's socket (decision 071): only a missing or
 * ended staff session signs out; a 403 is a permission the role lacks.
 */
export function noteStaffRefusal(error: ApiError | undefined): void {
  if (error?.code === 'STAFF_UNAUTHENTICATED') signedOutListener?.('expired');
}

/** A staff call leaving, over HTTP or on the console's socket: the idle timeout counts from it. */
export function noteStaffCall(): void {
  lastCallAt = Date.now();
}

const withCookie = (options: RequestOptions = {}): RequestOptions => {
  noteStaffCall();
  // The "browser binding" is the same-origin credentials mode: here it carries the staff cookie.
  return { ...options, withBrowserBinding: true };
};

export const staffApi = {
  get: <T>(path: string, options?: RequestOptions) => transport.get<T>(path, withCookie(options)),
  post: <T>(path: string, options?: RequestOptions) => transport.post<T>(path, withCookie(options)),
  put: <T>(path: string, options?: RequestOptions) => transport.put<T>(path, withCookie(options)),
  delete: <T>(path: string, options?: RequestOptions) =>
    transport.delete<T>(path, withCookie(options)),
};

/** The back office's query cache, apart from the player site's (never shared with a player). */
export const staffQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
