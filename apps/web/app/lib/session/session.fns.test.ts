import fc from 'fast-check';
import {
  accessTokenCookie,
  clearedAccessTokenCookie,
  deviceFromUserAgent,
  isTokenFresh,
  randomizeCoordinate,
  randomizeLocation,
  sessionFailureOf,
} from './session.fns';
import { readApiFailure } from '../api/api-error.ts';

/** The first `n` decimals of |value|, as digits. */
const decimals = (value: number, n: number) =>
  Math.abs(value).toFixed(8).split('.')[1]!.slice(0, n);

describe('randomizeCoordinate', () => {
  it('keeps the integer part and the first two decimals, replaces the next two', () => {
    expect(randomizeCoordinate(40.712776, 90, () => 0)).toBe(40.71);
    expect(randomizeCoordinate(40.712776, 90, () => 0.5)).toBe(40.715);
    expect(randomizeCoordinate(40.712776, 90, () => 0.999999)).toBe(40.7199);
    expect(randomizeCoordinate(-74.005974, 180, () => 0.42)).toBe(-74.0042);
  });

  it('does not lose a kept decimal to floating point (0.29 * 100 = 28.999…)', () => {
    expect(randomizeCoordinate(0.29, 90, () => 0.07)).toBe(0.2907);
    expect(randomizeCoordinate(-1.1, 90, () => 0)).toBe(-1.1);
  });

  it('stays inside the valid range', () => {
    expect(randomizeCoordinate(90, 90, () => 0.99)).toBe(90);
    expect(randomizeCoordinate(-180, 180, () => 0.5)).toBe(-180);
  });

  it('for any coordinate: same sign, integer part and first two decimals; only the last two differ', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -179.99, max: 179.99, noNaN: true }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (value, r) => {
          const result = randomizeCoordinate(value, 180, () => r);
          expect(Math.trunc(Math.abs(result))).toBe(Math.trunc(Math.abs(value)));
          expect(decimals(result, 2)).toBe(decimals(value, 2));
          expect(decimals(result, 8).slice(4)).toBe('0000');
          expect(decimals(result, 4).slice(2)).toBe(String(Math.floor(r * 100)).padStart(2, '0'));
          // Compared as "below zero" so that -0 (fast-check generates it) counts as unsigned.
          if (Math.abs(result) > 0) expect(result < 0).toBe(value < 0);
        },
      ),
    );
  });

  it('randomises both coordinates of a location', () => {
    expect(randomizeLocation({ lat: 51.507351, lon: -0.127758 }, () => 0.33)).toEqual({
      lat: 51.5033,
      lon: -0.1233,
    });
  });
});

describe('access token cookie', () => {
  it('is SameSite=Lax on Path=/, outlives the token by the 20 minutes of inactivity, Secure only on https', () => {
    expect(accessTokenCookie('a.b.c', 3600, false)).toBe(
      'access_token=a.b.c; Path=/; SameSite=Lax; Max-Age=4800',
    );
    expect(accessTokenCookie('a.b.c', 899.7, true)).toBe(
      'access_token=a.b.c; Path=/; SameSite=Lax; Max-Age=2099; Secure',
    );
  });

  it('is deleted with Max-Age=0', () => {
    expect(clearedAccessTokenCookie(false)).toBe('access_token=; Path=/; SameSite=Lax; Max-Age=0');
    expect(clearedAccessTokenCookie(true)).toContain('; Secure');
  });
});

describe('deviceFromUserAgent', () => {
  it('reads desktop Chrome on Windows and mobile Safari on iOS', () => {
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ type: 'desktop', os: 'Windows', browser: 'Chrome' });
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ type: 'mobile', os: 'iOS', browser: 'Safari' });
  });

  it('prefers the mobile hint and leaves unknown parts out', () => {
    expect(deviceFromUserAgent('SomethingElse/1.0', true)).toEqual({ type: 'mobile' });
  });
});

/** The failure as the client reads it from a status and an answer. */
const failureOf = (status: number, body: unknown) => sessionFailureOf(readApiFailure(status, body));

describe('sessionFailureOf', () => {
  it('recognises a blocked account, so the form can send the player to /blocked', () => {
    expect(failureOf(403, { code: 'ACCOUNT_BLOCKED', message: 'This account is blocked' })).toEqual(
      { kind: 'blocked' },
    );
    expect(failureOf(403, { code: 'FORBIDDEN', message: 'x' })).toEqual({ kind: 'unknown' });
  });

  it('maps wrong credentials to a form error', () => {
    expect(failureOf(401, { code: 'INVALID_CREDENTIALS', message: 'x' })).toEqual({
      kind: 'credentials',
    });
  });

  it('puts a taken email and 400 field issues on their fields', () => {
    expect(
      failureOf(409, {
        code: 'EMAIL_TAKEN',
        message: 'taken',
        details: { fields: [{ field: 'body.email', message: 'This email is already registered' }] },
      }),
    ).toEqual({ kind: 'fields', fields: { email: 'This email is already registered' } });
    expect(failureOf(409, { code: 'EMAIL_TAKEN', message: 'taken' })).toEqual({
      kind: 'fields',
      fields: { email: 'taken' },
    });
    expect(
      failureOf(400, {
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field: 'body.password', message: 'Too short' }] },
      }),
    ).toEqual({ kind: 'fields', fields: { password: 'Too short' } });
  });

  it('reads the throttle wait', () => {
    expect(failureOf(429, { code: 'RATE_LIMITED', details: { retryAfterSeconds: 42 } })).toEqual({
      kind: 'throttled',
      seconds: 42,
    });
    expect(failureOf(429, null)).toEqual({ kind: 'throttled', seconds: 60 });
  });

  it('knows nothing else', () => {
    expect(failureOf(500, { code: 'INTERNAL' })).toEqual({ kind: 'unknown' });
    expect(failureOf(502, 'bad gateway')).toEqual({ kind: 'unknown' });
  });
});

describe('isTokenFresh', () => {
  const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const tokenExpiringAt = (expSeconds: number) =>
    `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'ü', exp: expSeconds })}.sig`;
  const now = 1_700_000_000_000;

  it('is fresh until 60 s before exp (spec §4)', () => {
    expect(isTokenFresh(tokenExpiringAt(now / 1000 + 61), now)).toBe(true);
    expect(isTokenFresh(tokenExpiringAt(now / 1000 + 60), now)).toBe(false);
    expect(isTokenFresh(tokenExpiringAt(now / 1000 - 1), now)).toBe(false);
  });

  it('refuses missing, malformed and exp-less tokens', () => {
    expect(isTokenFresh(undefined, now)).toBe(false);
    expect(isTokenFresh('garbage', now)).toBe(false);
    expect(isTokenFresh('a.%%%.b', now)).toBe(false);
    expect(isTokenFresh(`${b64url({ alg: 'none' })}.${b64url({ sub: '1' })}.x`, now)).toBe(false);
  });
});
