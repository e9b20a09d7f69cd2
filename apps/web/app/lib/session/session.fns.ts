import type { Device, GeoLocation } from '@coinfall/shared/contracts/player';
import { fieldIssuesOf, type ApiFailure } from '../api/api-error.ts';
import { INACTIVITY_LOGOUT_MS } from '@coinfall/shared/constants';
import { ACCESS_TOKEN_COOKIE, serializeCookie } from './cookies';

// One freshness rule for the whole site: the shell's (library-free, so cheap on first load).
export { isAccessTokenFresh as isTokenFresh } from './cookies';
// The spec §9 timings live in packages/shared with the other business constants.
export { INACTIVITY_LOGOUT_MS, TOKEN_CHECK_INTERVAL_MS } from '@coinfall/shared/constants';

/** Coordinates keep this many decimals; the last two of them are random (spec §7). */
export const LOCATION_DECIMALS = 4;
const RANDOM_DECIMALS = 2;

/**
 * The access_token cookie for a fresh token: SameSite=Lax, Path=/. It outlives the token by the
 * inactivity window, so a player who closed the tab and comes back within it still holds the
 * token the refresh renews (decision 026).
 */
export function accessTokenCookie(token: string, expiresAfterSeconds: number, secure: boolean) {
  return serializeCookie(ACCESS_TOKEN_COOKIE, token, {
    maxAge: Math.max(0, Math.floor(expiresAfterSeconds)) + INACTIVITY_LOGOUT_MS / 1000,
    path: '/',
    sameSite: 'Lax',
    secure,
  });
}

/** The cookie that deletes access_token. */
export function clearedAccessTokenCookie(secure: boolean) {
  return serializeCookie(ACCESS_TOKEN_COOKIE, '', {
    maxAge: 0,
    path: '/',
    sameSite: 'Lax',
    secure,
  });
}

/**
 * Spec §7: a coordinate with its last two decimals randomised. It is cut to four decimals; the
 * integer part and the first two decimals are kept, the third and fourth come from `random`
 * (0 ≤ random() < 1). The result never leaves [-limit, limit].
 */
export function randomizeCoordinate(
  value: number,
  limit: number,
  random: () => number = Math.random,
): number {
  const sign = value < 0 ? -1 : 1;
  // Rounded at 1e-8 first, so 0.29 * 100 does not become 28.999… and lose a kept decimal.
  const keptUnits = Math.floor(Math.round(Math.abs(value) * 1e8) / 10 ** (8 - RANDOM_DECIMALS));
  const randomUnits = Math.min(99, Math.floor(random() * 10 ** RANDOM_DECIMALS));
  const scale = 10 ** LOCATION_DECIMALS;
  const units = Math.min(keptUnits * 10 ** RANDOM_DECIMALS + randomUnits, limit * scale);
  const result = Number(((sign * units) / scale).toFixed(LOCATION_DECIMALS));
  return Object.is(result, -0) ? 0 : result;
}

export function randomizeLocation(
  location: GeoLocation,
  random: () => number = Math.random,
): GeoLocation {
  return {
    lat: randomizeCoordinate(location.lat, 90, random),
    lon: randomizeCoordinate(location.lon, 180, random),
  };
}

const OS_PATTERNS: readonly [RegExp, string][] = [
  [/Windows/i, 'Windows'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Android/i, 'Android'],
  [/CrOS/i, 'ChromeOS'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/Linux/i, 'Linux'],
];

const BROWSER_PATTERNS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** The device block of login and registration bodies, read from the user agent. */
export function deviceFromUserAgent(userAgent: string, mobileHint?: boolean): Device {
  const mobile = mobileHint ?? /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent);
  const os = OS_PATTERNS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = BROWSER_PATTERNS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return {
    type: mobile ? 'mobile' : 'desktop',
    ...(os ? { os } : {}),
    ...(browser ? { browser } : {}),
  };
}

/** The page a player on a break or self-excluded is sent to (issue 16): only the end date. */
export const EXCLUDED_PATH = '/excluded';

/** `details.endsAt` of a 403 PLAYER_EXCLUDED: an ISO date, or null while indefinite. */
export function excludedEndOf(failure: Pick<ApiFailure, 'details'>): string | null {
  const endsAt = failure.details?.endsAt;
  return typeof endsAt === 'string' && !Number.isNaN(Date.parse(endsAt)) ? endsAt : null;
}

/** /excluded with the end date it shows (`?until=`; none while indefinite). */
export function excludedPath(endsAt: string | null): `/excluded${string}` {
  return endsAt ? `${EXCLUDED_PATH}?until=${encodeURIComponent(endsAt)}` : EXCLUDED_PATH;
}

/** How a failed login or registration is shown. */
export type SessionFailure =
  | { kind: 'credentials' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'throttled'; seconds: number }
  /** Spec §4: a blocked player goes to /blocked. */
  | { kind: 'blocked' }
  /** Issue 16: a player on a break or self-excluded goes to /excluded (its end date). */
  | { kind: 'excluded'; endsAt: string | null }
  | { kind: 'unknown' };

/**
 * Reads the API's error answer: wrong credentials, field problems (details.fields, named
 * `body.email` by the server), the login throttle, or a blocked account.
 */
export function sessionFailureOf(failure: ApiFailure): SessionFailure {
  const { status, code, details } = failure;
  if (status === 429 || code === 'RATE_LIMITED') {
    const seconds = details?.retryAfterSeconds;
    return {
      kind: 'throttled',
      seconds: typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 60,
    };
  }
  if (code === 'INVALID_CREDENTIALS') return { kind: 'credentials' };
  if (code === 'ACCOUNT_BLOCKED') return { kind: 'blocked' };
  if (code === 'PLAYER_EXCLUDED') return { kind: 'excluded', endsAt: excludedEndOf(failure) };
  const fields = fieldIssuesOf(failure);
  if (code === 'EMAIL_TAKEN' && !fields.email) fields.email = failure.message || 'Email taken';
  return Object.keys(fields).length > 0 ? { kind: 'fields', fields } : { kind: 'unknown' };
}
