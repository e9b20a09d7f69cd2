import { randomUUID } from 'node:crypto';
import {
  buildClaims,
  parseClaims,
  secondsUntil,
  sessionRefusal,
  shouldTouchLastSeen,
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
  const live = { playerId, endedAt: null, tokenVersion: 2 };

  it('accepts a live session of the token’s player and generation', () => {
    expect(sessionRefusal(live, { sub: playerId, ver: 2 })).toBeNull();
  });

  it('refuses a missing session, another player’s, an ended one and an older generation', () => {
    expect(sessionRefusal(undefined, { sub: playerId, ver: 2 })).toBe('unknown');
    expect(sessionRefusal(live, { sub: randomUUID(), ver: 2 })).toBe('unknown');
    expect(sessionRefusal({ ...live, endedAt: new Date() }, { sub: playerId, ver: 2 })).toBe(
      'ended',
    );
    expect(sessionRefusal(live, { sub: playerId, ver: 1 })).toBe('ended');
  });
});

describe('shouldTouchLastSeen', () => {
  it('writes at most once a minute', () => {
    const seen = new Date(1_000_000);
    expect(shouldTouchLastSeen(seen, 1_000_000 + 59_999)).toBe(false);
    expect(shouldTouchLastSeen(seen, 1_000_000 + 60_000)).toBe(true);
  });
});
