import { randomUUID } from 'node:crypto';
import {
  buildClaims,
  parseClaims,
  secondsUntil,
  sessionRefusal,
  shouldTouchLastSeen,
  TOKEN_CLOCK_TOLERANCE_SECONDS,
  TOKEN_ROTATION_GRACE_MS,
  tokenGenerationStanding,
  tokenTimesRefusal,
} from './auth.fns.ts';

describe('token claims', () => {
  it('expire ttl seconds after issue, in whole seconds', () => {
    const claims = buildClaims({
      playerId: randomUUID(),
      sessionId: randomUUID(),
      tokenVersion: 1,
      nowMs: 1_700_000_000_999,
      ttlSeconds: 900,
    });
    expect(claims.iat).toBe(1_700_000_000);
    expect(claims.exp).toBe(1_700_000_900);
    expect(parseClaims(claims)).toEqual(claims);
    expect(secondsUntil(claims.exp, 1_700_000_100_000)).toBe(800);
    expect(secondsUntil(claims.exp, 1_800_000_000_000)).toBe(0);
  });

  it('reject payloads missing a session or with a bad subject', () => {
    expect(parseClaims({ sub: randomUUID(), ver: 1, iat: 1, exp: 2 })).toBeNull();
    expect(parseClaims({ sub: 'admin', sid: randomUUID(), ver: 1, iat: 1, exp: 2 })).toBeNull();
  });
});

describe('sessionRefusal', () => {
  const playerId = randomUUID();
  const now = 1_700_000_000_000;
  const live = { playerId, endedAt: null, tokenVersion: 2, tokenRotatedAt: new Date(now) };

  it('accepts a live session of the token’s player and generation', () => {
    expect(sessionRefusal(live, { sub: playerId, ver: 2 }, now)).toBeNull();
  });

  it('refuses a missing session, another player’s, an ended one and a generation never issued', () => {
    expect(sessionRefusal(undefined, { sub: playerId, ver: 2 }, now)).toBe('unknown');
    expect(sessionRefusal(live, { sub: randomUUID(), ver: 2 }, now)).toBe('unknown');
    expect(sessionRefusal({ ...live, endedAt: new Date() }, { sub: playerId, ver: 2 }, now)).toBe(
      'ended',
    );
    expect(sessionRefusal(live, { sub: playerId, ver: 3 }, now)).toBe('unknown');
  });

  it('accepts the generation just retired inside the grace, and refuses it after', () => {
    const previous = { sub: playerId, ver: 1 };
    expect(sessionRefusal(live, previous, now + TOKEN_ROTATION_GRACE_MS)).toBeNull();
    expect(sessionRefusal(live, previous, now + TOKEN_ROTATION_GRACE_MS + 1)).toBe('retired');
  });
});

describe('tokenGenerationStanding', () => {
  const rotatedAt = 1_700_000_000_000;
  const row = { tokenVersion: 5, tokenRotatedAt: new Date(rotatedAt) };

  it('tells the current generation, the one just retired, older ones and newer ones', () => {
    expect(tokenGenerationStanding(row, 5, rotatedAt + 60_000)).toBe('current');
    expect(tokenGenerationStanding(row, 4, rotatedAt + 1_000)).toBe('previous-in-grace');
    expect(tokenGenerationStanding(row, 4, rotatedAt + TOKEN_ROTATION_GRACE_MS + 1)).toBe(
      'retired',
    );
    expect(tokenGenerationStanding(row, 3, rotatedAt + 1_000)).toBe('retired');
    expect(tokenGenerationStanding(row, 6, rotatedAt)).toBe('ahead');
  });

  it('gives no grace to a session never rotated', () => {
    expect(tokenGenerationStanding({ tokenVersion: 2, tokenRotatedAt: null }, 1, 0)).toBe(
      'retired',
    );
  });

  it('keeps the grace when the rotating node’s clock ran a little ahead', () => {
    expect(tokenGenerationStanding(row, 4, rotatedAt - 2_000)).toBe('previous-in-grace');
  });
});

describe('tokenTimesRefusal', () => {
  const nowMs = 1_700_000_000_000;
  const nowS = nowMs / 1000;

  it('accepts a token of the configured lifetime issued now or a moment ago', () => {
    expect(tokenTimesRefusal({ iat: nowS, exp: nowS + 900 }, nowMs, 900)).toBeNull();
    expect(tokenTimesRefusal({ iat: nowS - 100, exp: nowS + 800 }, nowMs, 900)).toBeNull();
  });

  it('refuses a lifetime longer than the configured one', () => {
    expect(tokenTimesRefusal({ iat: nowS, exp: nowS + 901 }, nowMs, 900)).toBe('lifetime');
  });

  it('refuses an iat in the future beyond the clock tolerance', () => {
    const ahead = nowS + TOKEN_CLOCK_TOLERANCE_SECONDS;
    expect(tokenTimesRefusal({ iat: ahead, exp: ahead + 60 }, nowMs, 900)).toBeNull();
    expect(tokenTimesRefusal({ iat: ahead + 1, exp: ahead + 61 }, nowMs, 900)).toBe('future');
  });
});

describe('shouldTouchLastSeen', () => {
  it('writes at most once a minute', () => {
    const seen = new Date(1_000_000);
    expect(shouldTouchLastSeen(seen, 1_000_000 + 59_999)).toBe(false);
    expect(shouldTouchLastSeen(seen, 1_000_000 + 60_000)).toBe(true);
  });
});
