import {
  isAccessTokenFresh,
  isAccessTokenRenewable,
  parseCookies,
  serializeCookie,
} from './cookies';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenExpiringAt = (expSeconds: number) =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: '1', exp: expSeconds })}.sig`;

describe('isAccessTokenFresh', () => {
  const now = 1_700_000_000_000;

  it('accepts a token expiring more than 60 s from now', () => {
    expect(isAccessTokenFresh(tokenExpiringAt(now / 1000 + 61), now)).toBe(true);
  });

  it('treats a token as expired 60 s before its exp', () => {
    expect(isAccessTokenFresh(tokenExpiringAt(now / 1000 + 60), now)).toBe(false);
    expect(isAccessTokenFresh(tokenExpiringAt(now / 1000 - 1), now)).toBe(false);
  });

  it('refuses missing, malformed and exp-less tokens', () => {
    expect(isAccessTokenFresh(undefined, now)).toBe(false);
    expect(isAccessTokenFresh('garbage', now)).toBe(false);
    expect(isAccessTokenFresh(`${b64url({ alg: 'none' })}.${b64url({ sub: '1' })}.x`, now)).toBe(
      false,
    );
  });
});

describe('isAccessTokenRenewable', () => {
  const now = 1_700_000_000_000;

  it('holds for a token that expired less than 20 minutes ago, and for a fresh one', () => {
    expect(isAccessTokenRenewable(tokenExpiringAt(now / 1000 + 600), now)).toBe(true);
    expect(isAccessTokenRenewable(tokenExpiringAt(now / 1000 - 19 * 60), now)).toBe(true);
  });

  it('ends 20 minutes after the expiry, and never holds for a token it cannot read', () => {
    expect(isAccessTokenRenewable(tokenExpiringAt(now / 1000 - 20 * 60), now)).toBe(false);
    expect(isAccessTokenRenewable(undefined, now)).toBe(false);
    expect(isAccessTokenRenewable('garbage', now)).toBe(false);
  });
});

describe('cookies', () => {
  it('parses a Cookie header, decoding values and keeping the first of duplicates', () => {
    expect(parseCookies('a=1; drawer_compact=1; b=hello%20world; a=2')).toEqual({
      a: '1',
      drawer_compact: '1',
      b: 'hello world',
    });
    expect(parseCookies(null)).toEqual({});
  });

  it('serializes a session cookie and a year-long one', () => {
    expect(serializeCookie('content_preview', 't k')).toBe(
      'content_preview=t%20k; Path=/; SameSite=Lax',
    );
    expect(serializeCookie('drawer_compact', '1', { maxAge: 31536000 })).toBe(
      'drawer_compact=1; Path=/; SameSite=Lax; Max-Age=31536000',
    );
  });
});
