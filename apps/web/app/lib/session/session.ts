import type {
  AccessToken,
  Device,
  GeoLocation,
  LoginBody,
  RegisterBody,
  SessionResponse,
} from '@coinfall/shared/contracts/player';
import type { SocialConnection } from '@coinfall/shared/contracts/social';
import type { Attribution } from '@coinfall/shared/contracts/attribution';
import { ACCESS_TOKEN_COOKIE, contentPreviewToken, parseCookies } from './cookies';
import { onLoginRequiredPage } from './login-required-page';
import { MODAL_PARAM } from '../modals/modal-link';
import { createApiClient, type ApiClient } from '../api/api-client';
import { clearSupportPass, storeSupportPassFrom } from './support-pass';
import { ApiError, type ApiFailure } from '../api/api-error.ts';
import {
  accessTokenCookie,
  clearedAccessTokenCookie,
  deviceFromUserAgent,
  isTokenFresh,
  randomizeLocation,
  excludedEndOf,
  excludedPath,
  sessionFailureOf,
  type SessionFailure,
} from './session.fns';

/**
 * The browser side of the session (spec §4): the token lives in the `access_token` cookie, so
 * the server renders the right shell; every API call goes through one client that refreshes it
 * (one refresh at a time) and routes failures (spec §8). Only modals and the account menu
 * import this, both loaded on demand: the guest's first page never downloads it.
 */

const isSecure = () => typeof location !== 'undefined' && location.protocol === 'https:';

export function readToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parseCookies(document.cookie)[ACCESS_TOKEN_COOKIE] || undefined;
}

export function storeToken({ accessToken, expiresAfter }: AccessToken): void {
  document.cookie = accessTokenCookie(accessToken, expiresAfter, isSecure());
}

export function clearToken(): void {
  document.cookie = clearedAccessTokenCookie(isSecure());
}

/**
 * Where the session sends the player (set by the mounted session watch, which has a router):
 * a path, or `sign-in` — the page the player is on, with the sign-in modal over it.
 */
export type SessionDestination =
  '/403' | '/404' | '/blocked' | `/excluded${string}` | '/' | 'sign-in';
type SessionNavigator = (to: SessionDestination) => void;
let navigateTo: SessionNavigator = (to) => {
  if (typeof location === 'undefined') return;
  if (to !== 'sign-in') return location.replace(to);
  const url = new URL(location.href);
  url.searchParams.set(MODAL_PARAM, 'sign-in');
  location.replace(url);
};
export function setSessionNavigator(next: SessionNavigator): () => void {
  const previous = navigateTo;
  navigateTo = next;
  return () => {
    navigateTo = previous;
  };
}

export function currentDevice(): Device {
  if (typeof navigator === 'undefined') return { type: 'desktop' };
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return deviceFromUserAgent(navigator.userAgent, uaData?.mobile);
}

/**
 * The player's location, only when the browser already has permission (no prompt is ever
 * shown), with the last two decimals randomised (spec §7). Undefined otherwise, within 3 s.
 */
export async function currentLocation(): Promise<GeoLocation | undefined> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return undefined;
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return undefined;
    const position = await new Promise<GeolocationPosition>((resolve, reject) =>
      navigator.geolocation.getCurrentPosition(resolve, reject, {
        timeout: 3_000,
        maximumAge: 10 * 60_000,
      }),
    );
    return randomizeLocation({ lat: position.coords.latitude, lon: position.coords.longitude });
  } catch {
    return undefined;
  }
}

let refreshing: Promise<string> | undefined;

/** POST /api/player/sessions/refresh with the current token; one in flight at a time. */
export function refreshToken(token: string): Promise<string> {
  refreshing ??= (async () => {
    // Spec §7: the refresh carries the device and (when already permitted) the location.
    const location = await currentLocation();
    const response = await fetch('/api/player/sessions/refresh', {
      method: 'POST',
      credentials: 'omit',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ device: currentDevice(), ...(location ? { location } : {}) }),
    });
    // The body says why: a break or self-exclusion (PLAYER_EXCLUDED) is routed to /excluded.
    if (!response.ok) {
      throw new ApiError(response.status, await response.json().catch(() => null));
    }
    const fresh = (await response.json()) as AccessToken;
    storeToken(fresh);
    return fresh.accessToken;
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * Spec §8: 401/403 log out and go to /403 (replacing the entry), 404 goes to /404; spec §4: a
 * blocked player (403 ACCOUNT_BLOCKED) is logged out to /blocked. On a public page a session that
 * ended (elsewhere, or by inactivity) leaves the player where they were, with the sign-in modal
 * (issue 20): /403 only where the page cannot be shown without a session.
 */
export function routeFailure(
  action: 'logout' | 'blocked' | 'excluded' | 'not-found',
  error?: ApiFailure,
): void {
  switch (action) {
    case 'excluded':
      // Issue 16: every session ended with the break; the page says only when it ends.
      clearToken();
      navigateTo(excludedPath(error ? excludedEndOf(error) : null));
      return;
    case 'logout':
      clearToken();
      navigateTo(onLoginRequiredPage() ? '/403' : 'sign-in');
      return;
    case 'blocked':
      clearToken();
      navigateTo('/blocked');
      return;
    case 'not-found':
      navigateTo('/404');
  }
}

let client: ApiClient | undefined;

/** The one API client of the site. */
export function apiClient(): ApiClient {
  client ??= createApiClient({
    baseUrl: '',
    tokens: { get: readToken, isExpired: (token) => !isTokenFresh(token, Date.now()) },
    refresh: refreshToken,
    onFailure: (action, _status, error) => routeFailure(action, error),
  });
  return client;
}

/** The 30 s check: refreshes a token inside the 60 s margin; a failed refresh logs out. */
export async function checkToken(): Promise<'ok' | 'refreshed' | 'logged-out'> {
  const token = readToken();
  if (!token) return 'logged-out';
  if (isTokenFresh(token, Date.now())) return 'ok';
  try {
    await refreshToken(token);
    return 'refreshed';
  } catch {
    routeFailure('logout');
    return 'logged-out';
  }
}

export type SessionResult =
  | { ok: true; session: SessionResponse }
  | {
      ok: false;
      failure: SessionFailure;
      /** The API's answer, for callers that branch on more than the form needs (social login). */
      error?: ApiFailure;
    };

async function openSession(
  path: string,
  body: object,
  options: { withBrowserBinding?: boolean } = {},
): Promise<SessionResult> {
  // A guest has no token to send; a stale one would only trigger a refresh that fails.
  clearToken();
  try {
    const session = await apiClient().post<SessionResponse>(path, {
      body,
      skipGlobalHandler: true,
      ...options,
    });
    storeToken(session);
    clearSupportPass();
    return { ok: true, session };
  } catch (error) {
    if (error instanceof ApiError) {
      // A blocked or excluded player's refusal carries their pass to the support chat.
      storeSupportPassFrom(error.details);
      return { ok: false, failure: sessionFailureOf(error), error };
    }
    return { ok: false, failure: { kind: 'unknown' } };
  }
}

type Credentials = Omit<LoginBody, 'device' | 'location'>;
type Registration = Omit<RegisterBody, 'device' | 'location' | 'agreements'> & {
  /** Checked by the form; the server refuses false. */
  agreements: boolean;
};

/** POST /api/player/sessions with device and (permitted) location; stores the token. */
export async function login(credentials: Credentials): Promise<SessionResult> {
  const location = await currentLocation();
  return openSession('/api/player/sessions', {
    ...credentials,
    device: currentDevice(),
    ...(location ? { location } : {}),
  });
}

/** POST /api/player/register with device and (permitted) location; stores the token. */
export async function register(registration: Registration): Promise<SessionResult> {
  const location = await currentLocation();
  // A preview session registers against the drafts' field list, the one its form showed.
  const preview = contentPreviewToken();
  const path = `/api/player/register${preview ? `?preview=${encodeURIComponent(preview)}` : ''}`;
  return openSession(path, {
    ...registration,
    device: currentDevice(),
    ...(location ? { location } : {}),
  });
}

/** The device block plus the (permitted) location every session-opening body carries. */
async function sessionContext(): Promise<{ device: Device; location?: GeoLocation }> {
  const location = await currentLocation();
  return { device: currentDevice(), ...(location ? { location } : {}) };
}

/** POST /api/player/sessions/token: the one-time auto-login token of a mailed link. */
export async function loginWithToken(token: string): Promise<SessionResult> {
  return openSession('/api/player/sessions/token', { token, ...(await sessionContext()) });
}

/**
 * POST /api/player/sessions/social?code=… with the provider's state (spec §7). A new identity
 * answers 409 SOCIAL_SIGNUP_REQUIRED (status and body are on the failure).
 */
export async function loginWithSocial({
  connection,
  code,
  state,
}: {
  connection: SocialConnection;
  code: string;
  state: string;
}): Promise<SessionResult> {
  // The state cookie set when this browser started the login proves it is the same browser.
  return openSession(
    `/api/player/sessions/social?code=${encodeURIComponent(code)}`,
    { connection, state, ...(await sessionContext()) },
    { withBrowserBinding: true },
  );
}

/** POST /api/player/register/social with the token of the 409 answer; answers like a login. */
export async function registerWithSocial(registration: {
  registrationToken: string;
  /** Checked by the form; the server refuses false. */
  agreements: boolean;
  receiveEmailPromo: boolean;
  attribution?: Attribution;
}): Promise<SessionResult> {
  return openSession('/api/player/register/social', {
    ...registration,
    ...(await sessionContext()),
  });
}

/**
 * POST /api/player/sessions/logout with the token as it is (no refresh first, errors ignored),
 * then the cookie goes.
 */
export async function logout(): Promise<void> {
  const token = readToken();
  if (token) {
    await fetch('/api/player/sessions/logout', {
      method: 'POST',
      credentials: 'omit',
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  }
  clearToken();
}
