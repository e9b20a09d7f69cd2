import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { accessTokenSchema, playerSessionListSchema } from '@coinfall/shared';
import { TOKEN_ROTATION_GRACE_MS } from '../../src/platform/auth.fns.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, register } from './player-fixtures.ts';

/**
 * Refresh rotates the session's token generation (issue 13.6, docs/decisions/020). The grace is
 * crossed on a second app over the same database whose clock the test moves; its tokens are
 * signed on real time, so they stay valid.
 */
let t: TestApp;
let clocked: FastifyInstance;
let clock: { ms: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  ({ app: clocked, clock } = await createClockedApp(t));
});

afterAll(async () => {
  await clocked.close();
  await t.close();
});

beforeEach(() => {
  clock.ms = Date.now();
});

const PAST_GRACE = TOKEN_ROTATION_GRACE_MS + 1_000;

const refresh = (token: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/player/sessions/refresh', headers: bearer(token) });
const profile = (token: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/api/player/profile', headers: bearer(token) });

async function refreshed(token: string, app: FastifyInstance = t.app): Promise<string> {
  const res = await refresh(token, app);
  expect(res.statusCode, res.body).toBe(200);
  return accessTokenSchema.parse(res.json()).accessToken;
}

const generationOf = (token: string) => decodeJwt(token).ver;

describe('POST /api/player/sessions/refresh rotation', () => {
  it('issues the next generation and retires the token it replaces', async () => {
    const { accessToken: first } = await register(t);
    const second = await refreshed(first);
    expect([generationOf(first), generationOf(second)]).toEqual([1, 2]);
    expect(decodeJwt(second).sid).toBe(decodeJwt(first).sid);
    expect((await profile(second)).statusCode).toBe(200);
  });

  it('ends the session when the replaced token is refreshed after the grace: the new token dies too', async () => {
    const { accessToken: first } = await register(t);
    const second = await refreshed(first, clocked);
    clock.ms += PAST_GRACE;

    const replay = await refresh(first, clocked);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('SESSION_ENDED');
    const after = await profile(second, clocked);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('SESSION_ENDED');
    expect((await refresh(second, clocked)).statusCode).toBe(401);
  });

  it('ends the session when a token two generations old is refreshed, even inside the grace', async () => {
    const { accessToken: first } = await register(t);
    const second = await refreshed(first);
    const third = await refreshed(second);
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await profile(third)).statusCode).toBe(401);
  });

  it('keeps the session when two refreshes present the same token at once (two tabs)', async () => {
    const { accessToken: first } = await register(t);
    const answers = await Promise.all([refresh(first), refresh(first)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((res) => accessTokenSchema.parse(res.json()).accessToken);
    // One of them rotated; the other got the same, current generation again.
    expect([generationOf(a!), generationOf(b!)]).toEqual([2, 2]);
    expect((await profile(a!)).statusCode).toBe(200);
    expect((await profile(b!)).statusCode).toBe(200);
    // Either tab refreshes on later without ending anything.
    const next = await refreshed(b!);
    expect(generationOf(next)).toBe(3);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/player/sessions',
      headers: bearer(next),
    });
    expect(playerSessionListSchema.parse(sessions.json()).data.map((s) => s.id)).toEqual([
      decodeJwt(first).sid,
    ]);
  });

  it('accepts the replaced token for ordinary calls during the grace only, without ending the session', async () => {
    const { accessToken: first } = await register(t);
    const second = await refreshed(first, clocked);
    expect((await profile(first, clocked)).statusCode).toBe(200);
    clock.ms += PAST_GRACE;
    const late = await profile(first, clocked);
    expect(late.statusCode).toBe(401);
    expect(errorOf(late).code).toBe('UNAUTHENTICATED');
    expect((await profile(second, clocked)).statusCode).toBe(200);
  });

  it('accepts a newer token on a node whose cached copy of the session is older', async () => {
    const { accessToken: first } = await register(t);
    expect((await profile(first, clocked)).statusCode).toBe(200); // cached there at generation 1
    const second = await refreshed(first); // rotated on the other node
    expect((await profile(second, clocked)).statusCode).toBe(200);
  });

  // Two nodes sharing Redis: only the session-changes bus tells the other node of the rotation.
  it.runIf(Boolean(process.env.REDIS_URL))(
    'tells every node of a rotation: the replaced token stops working there after the grace',
    async () => {
      const { accessToken: first } = await register(t);
      expect((await profile(first, clocked)).statusCode).toBe(200); // cached at generation 1
      await refreshed(first);
      clock.ms += PAST_GRACE;
      await expect
        .poll(async () => (await profile(first, clocked)).statusCode, { timeout: 1000 })
        .toBe(401);
    },
  );
});

describe('access token times', () => {
  const secret = () => new TextEncoder().encode(t.config.jwtSecret);
  const nowS = () => Math.floor(Date.now() / 1000);

  async function sign(accessToken: string, iat: number, exp: number) {
    const { sub, sid, ver } = decodeJwt(accessToken);
    return new SignJWT({ sid, ver })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(sub))
      .setAudience('coinfall:player')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(secret());
  }

  it('refuses a genuine token whose lifetime exceeds ACCESS_TOKEN_TTL_SECONDS', async () => {
    const { accessToken } = await register(t);
    const ttl = t.config.accessTokenTtlSeconds;
    const withinTtl = await sign(accessToken, nowS(), nowS() + ttl);
    expect((await profile(withinTtl)).statusCode).toBe(200);
    const tooLong = await sign(accessToken, nowS(), nowS() + ttl + 1);
    expect((await profile(tooLong)).statusCode).toBe(401);
    expect((await refresh(tooLong)).statusCode).toBe(401);
  });

  // Decision 026: a player who closed the tab comes back to a live session, not to a sign-in.
  describe('a token that expired while the tab was closed', () => {
    const MINUTE = 60_000;
    async function expiredToken(accessToken: string) {
      const ttl = t.config.accessTokenTtlSeconds;
      return sign(accessToken, nowS() - ttl - 60, nowS() - 60);
    }

    it('is renewed when the session was used less than 20 minutes ago', async () => {
      const { accessToken } = await register(t);
      const expired = await expiredToken(accessToken);
      expect((await profile(expired)).statusCode).toBe(401);
      clock.ms += 16 * MINUTE;
      const renewed = await refreshed(expired, clocked);
      expect(generationOf(renewed)).toBe(2);
      expect((await profile(renewed)).statusCode).toBe(200);
    });

    it('ends the session after 20 minutes without activity', async () => {
      const { accessToken } = await register(t);
      const expired = await expiredToken(accessToken);
      clock.ms += 21 * MINUTE;
      const late = await refresh(expired, clocked);
      expect(late.statusCode).toBe(401);
      expect(errorOf(late).code).toBe('SESSION_ENDED');
      // Ended for good: the token it was renewed from cannot come back either.
      expect(errorOf(await profile(accessToken)).code).toBe('SESSION_ENDED');
    });

    it('is refused when it was not signed by us or not for players', async () => {
      const { accessToken } = await register(t);
      const { sub, sid, ver } = decodeJwt(accessToken);
      const forged = await new SignJWT({ sid, ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(sub))
        .setAudience('coinfall:player')
        .setIssuedAt(nowS() - 900)
        .setExpirationTime(nowS() - 60)
        .sign(new TextEncoder().encode('x'.repeat(48)));
      expect(errorOf(await refresh(forged)).code).toBe('UNAUTHENTICATED');
      const otherAudience = await new SignJWT({ sid, ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(sub))
        .setAudience('coinfall:operator')
        .setIssuedAt(nowS() - 900)
        .setExpirationTime(nowS() - 60)
        .sign(secret());
      expect(errorOf(await refresh(otherAudience)).code).toBe('UNAUTHENTICATED');
    });
  });

  it('refuses a token issued in the future beyond a small clock tolerance', async () => {
    const { accessToken } = await register(t);
    const drift = await sign(accessToken, nowS() + 5, nowS() + 605);
    expect((await profile(drift)).statusCode).toBe(200);
    const future = await sign(accessToken, nowS() + 120, nowS() + 720);
    expect((await profile(future)).statusCode).toBe(401);
    expect((await refresh(future)).statusCode).toBe(401);
  });
});
