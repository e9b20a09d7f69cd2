import { ApiError } from './api-error.ts';
import { failureAction, shouldRetry, toQueryString, type FailureAction } from './api-client.fns';

export interface TokenStore {
  /** The current token, or undefined when logged out. */
  get(): string | undefined;
  /** True when the token is within the 60 s margin of its expiry (or past it). */
  isExpired(token: string): boolean;
}

export interface ApiClientDeps {
  baseUrl: string;
  tokens: TokenStore;
  /** Exchanges the current token for a new one (POST /api/player/sessions/refresh). */
  refresh: (token: string) => Promise<string>;
  /**
   * Called once per failing call with the spec §8 action (logout → /403, blocked → /blocked,
   * not-found → /404).
   */
  onFailure: (action: Exclude<FailureAction, 'none'>, status: number, error?: ApiError) => void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Parameters<typeof toQueryString>[0];
  body?: unknown;
  /** Calls that handle their own failures (e.g. login) skip the global handler. */
  skipGlobalHandler?: boolean;
  /** Extra request headers (e.g. the Idempotency-Key of a money-moving POST). */
  headers?: Record<string, string>;
  /**
   * Only the social sign-in sends and keeps a cookie: the one binding the login to this browser
   * (its state, HttpOnly). Everything else authenticates by the bearer token alone.
   */
  withBrowserBinding?: boolean;
  /** Ends the call (and its retry) early, e.g. the fingerprint's 120 s deadline (spec §9). */
  signal?: AbortSignal;
}

/**
 * The HTTP client of spec §7: no cookies, the bearer token when there is one (refreshed first
 * when expired, with one refresh in flight at a time however many calls wait on it), one retry
 * of idempotent calls on transient statuses, and the global failure handler of spec §8.
 */
export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? fetch;
  let refreshing: Promise<string> | undefined;

  async function currentToken(): Promise<string | undefined> {
    const token = deps.tokens.get();
    if (!token || !deps.tokens.isExpired(token)) return token;
    refreshing ??= deps.refresh(token).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<T> {
    let token: string | undefined;
    try {
      token = await currentToken();
    } catch (err) {
      // Issue 16: a refresh refused for a break or self-exclusion goes to /excluded.
      if (err instanceof ApiError && failureAction(err) === 'excluded') {
        deps.onFailure('excluded', err.status, err);
        throw err;
      }
      // Spec §4: a failed refresh sends the player to /403.
      deps.onFailure('logout', 401);
      throw new ApiError(401, null);
    }
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const url = `${deps.baseUrl}${path}${options.query ? toQueryString(options.query) : ''}`;

    for (let attempt = 0; ; attempt += 1) {
      const response = await doFetch(url, {
        method,
        headers,
        credentials: options.withBrowserBinding ? 'same-origin' : 'omit',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
      if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
      if (shouldRetry(method, response.status, attempt)) continue;
      const error = new ApiError(response.status, await response.json().catch(() => null));
      const action = failureAction(error);
      if (action !== 'none' && !options.skipGlobalHandler)
        deps.onFailure(action, response.status, error);
      throw error;
    }
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
