import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import {
  accessTokenSchema,
  playerSessionListSchema,
  PlayerStatus,
  sessionResponseSchema,
} from '@coinfall/shared';
import { buildApp } from '../../src/app.ts';
import { players } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  bearer,
  errorOf,
  failedFields,
  login,
  nextIp,
  PASSWORD,
  register,
  uniqueEmail,
} from './player-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});

afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
const profileWith = (token: string) => call('GET', '/api/player/profile', token);
const listSessions = (token: string, query = '') =>
  call('GET', `/api/player/sessions${query}`, token);
const closeSession = (token: string, id: string) =>
  call('PUT', `/api/player/sessions/${id}/close`, token);

describe('POST /api/player/sessions (login)', () => {
  it('logs in with the right password and opens a new session', async () => {
    const { email, profile } = await register(t);
    const res = await login(t, email.toUpperCase(), PASSWORD, nextIp());
    expect(res.statusCode).toBe(200);
    const session = sessionResponseSchema.parse(res.json());
    expect(session.profile.id).toBe(profile.id);
    expect(decodeJwt(session.accessToken)).toMatchObject({ sub: profile.id, ver: 1 });
    expect((await profileWith(session.accessToken)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const { email } = await register(t);
    const wrong = await login(t, email, 'wrong password', nextIp());
    const unknown = await login(t, uniqueEmail('nobody'), 'wrong password', nextIp());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(unknown.json())).toEqual(strip(wrong.json()));
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    ['a missing email', { email: undefined }, 'body.email'],
    ['a malformed email', { email: 'a@' }, 'body.email'],
    ['a missing device', { device: undefined }, 'body.device'],
    ['a non-numeric longitude', { location: { lat: 1, lon: 'east' } }, 'body.location.lon'],
  ])('answers 400 naming the field for %s', async (_name, overrides, field) => {
    const payload = {
      email: uniqueEmail(),
      password: PASSWORD,
      device: { type: 'web' },
      ...overrides,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/player/sessions', payload });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain(field);
  });
});

describe('login throttling', () => {
  it('refuses the 6th attempt from one address on an account with 429 and Retry-After, even with the right password', async () => {
    const { email } = await register(t);
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(t, email, `wrong-${i}`, ip)).statusCode).toBe(401);
    }
    const refused = await login(t, email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('throttles unknown accounts the same way', async () => {
    const email = uniqueEmail('ghost');
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) await login(t, email, 'guess', ip);
    expect((await login(t, email, 'guess', ip)).statusCode).toBe(429);
  });

  it('refuses an IP after 20 failures across accounts', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < 20; i += 1) {
      expect((await login(t, uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(401);
    }
    const { email } = await register(t);
    const refused = await login(t, email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, email, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const { email } = await register(t);
    for (let i = 0; i < 4; i += 1) await login(t, email, 'wrong', nextIp());
    expect((await login(t, email, PASSWORD, nextIp())).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await login(t, email, 'wrong', nextIp());
    expect((await login(t, email, PASSWORD, nextIp())).statusCode).toBe(200);
  });
});

describe('POST /api/player/sessions/refresh', () => {
  it('gives a new token for the same session', async () => {
    const { accessToken } = await register(t);
    // A new iat makes the token differ; wait past the second boundary.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await call('POST', '/api/player/sessions/refresh', accessToken, {
      device: { type: 'desktop' },
      location: { lat: 1.5, lon: 2.5 },
    });
    expect(res.statusCode).toBe(200);
    const refreshed = accessTokenSchema.parse(res.json());
    expect(refreshed.accessToken).not.toBe(accessToken);
    expect(refreshed.expiresAfter).toBeGreaterThan(0);
    expect(decodeJwt(refreshed.accessToken).sid).toBe(decodeJwt(accessToken).sid);
    expect((await profileWith(refreshed.accessToken)).statusCode).toBe(200);
  });

  it('accepts a request without a body', async () => {
    const { accessToken } = await register(t);
    const res = await call('POST', '/api/player/sessions/refresh', accessToken);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an ended session with 401', async () => {
    const { accessToken } = await register(t);
    expect((await call('POST', '/api/player/sessions/logout', accessToken)).statusCode).toBe(204);
    const res = await call('POST', '/api/player/sessions/refresh', accessToken);
    expect(res.statusCode).toBe(401);
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call('POST', '/api/player/sessions/refresh')).statusCode).toBe(401);
  });
});

describe('POST /api/player/sessions/logout', () => {
  it('ends the current session: its token stops working', async () => {
    const { accessToken } = await register(t);
    expect((await call('POST', '/api/player/sessions/logout', accessToken)).statusCode).toBe(204);
    const after = await profileWith(accessToken);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('SESSION_ENDED');
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call('POST', '/api/player/sessions/logout')).statusCode).toBe(401);
  });
});

describe('GET /api/player/sessions', () => {
  it('lists only the player’s own live sessions, the current one flagged', async () => {
    const a = await register(t);
    const second = sessionResponseSchema.parse(
      (await login(t, a.email, PASSWORD, '192.0.2.77')).json(),
    );
    await register(t); // player B, whose session must not show up

    const res = await listSessions(second.accessToken);
    expect(res.statusCode).toBe(200);
    const list = playerSessionListSchema.parse(res.json());
    expect(list.meta).toEqual({ page: 1, perPage: 20, totalPages: 1, totalRows: 2 });
    expect(list.data.map((s) => s.id).sort()).toEqual(
      [decodeJwt(a.accessToken).sid, decodeJwt(second.accessToken).sid].sort(),
    );
    const current = list.data.find((s) => s.current);
    expect(current).toMatchObject({
      id: decodeJwt(second.accessToken).sid,
      ip: '192.0.2.77',
      device: { type: 'mobile' },
      location: { lat: 40.71, lon: -74 },
    });
    expect(list.data.filter((s) => s.current)).toHaveLength(1);
  });

  it('pages with page and perPage', async () => {
    const a = await register(t);
    await login(t, a.email, PASSWORD, nextIp());
    await login(t, a.email, PASSWORD, nextIp());
    const res = await listSessions(a.accessToken, '?page=2&perPage=2');
    const list = playerSessionListSchema.parse(res.json());
    expect(list.meta).toEqual({ page: 2, perPage: 2, totalPages: 2, totalRows: 3 });
    expect(list.data).toHaveLength(1);
  });

  it.each([
    ['page=0', 'query.page'],
    ['page=abc', 'query.page'],
    ['perPage=1000', 'query.perPage'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { accessToken } = await register(t);
    const res = await listSessions(accessToken, `?${query}`);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain(field);
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call('GET', '/api/player/sessions')).statusCode).toBe(401);
  });
});

describe('PUT /api/player/sessions/{id}/close', () => {
  it('ends one of the player’s sessions at once', async () => {
    const a = await register(t);
    const other = sessionResponseSchema.parse((await login(t, a.email, PASSWORD, nextIp())).json());
    const otherId = String(decodeJwt(other.accessToken).sid);
    expect((await profileWith(other.accessToken)).statusCode).toBe(200);

    expect((await closeSession(a.accessToken, otherId)).statusCode).toBe(204);
    expect((await profileWith(other.accessToken)).statusCode).toBe(401);
    expect((await profileWith(a.accessToken)).statusCode).toBe(200);
    const list = playerSessionListSchema.parse((await listSessions(a.accessToken)).json());
    expect(list.data.map((s) => s.id)).not.toContain(otherId);
  });

  // Two nodes on one database: only Redis carries the change from one to the other.
  it.runIf(Boolean(process.env.REDIS_URL))(
    'ends the session on every node: a token closed on one is refused by the other',
    async () => {
      const nodeB = await buildApp({
        config: t.config,
        database: t.database,
        redis: t.redis,
        site: null,
      });
      await nodeB.ready();
      try {
        const a = await register(t);
        const other = sessionResponseSchema.parse(
          (await login(t, a.email, PASSWORD, nextIp())).json(),
        );
        const onB = () =>
          nodeB.inject({
            method: 'GET',
            url: '/api/player/profile',
            headers: bearer(other.accessToken),
          });
        expect((await onB()).statusCode).toBe(200); // now cached on node B
        const otherId = String(decodeJwt(other.accessToken).sid);
        expect((await closeSession(a.accessToken, otherId)).statusCode).toBe(204);
        await expect.poll(async () => (await onB()).statusCode, { timeout: 1000 }).toBe(401);
      } finally {
        await nodeB.close();
      }
    },
  );

  it('answers 404 for another player’s session and leaves it alive', async () => {
    const a = await register(t);
    const b = await register(t);
    const bSession = String(decodeJwt(b.accessToken).sid);
    const res = await closeSession(a.accessToken, bSession);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
    expect((await profileWith(b.accessToken)).statusCode).toBe(200);
  });

  it('answers 404 for a session that does not exist, 400 for a malformed id', async () => {
    const a = await register(t);
    expect((await closeSession(a.accessToken, randomUUID())).statusCode).toBe(404);
    const bad = await closeSession(a.accessToken, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toContain('params.id');
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await closeSession('', randomUUID())).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  const secret = () => new TextEncoder().encode(t.config.jwtSecret);

  async function claimsOfNewPlayer() {
    const { accessToken } = await register(t);
    const { sub, sid, ver } = decodeJwt(accessToken);
    return { sub: String(sub), sid, ver };
  }

  it('refuses a token with alg none', async () => {
    const { sub, sid, ver } = await claimsOfNewPlayer();
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub, sid, ver, aud: 'coinfall:player', iat: now, exp: now + 600 })}.`;
    expect((await profileWith(token)).statusCode).toBe(401);
  });

  it('refuses a token signed with HS512 and the right secret', async () => {
    const { sub, sid, ver } = await claimsOfNewPlayer();
    const token = await new SignJWT({ sid, ver })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(sub)
      .setAudience('coinfall:player')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret());
    expect((await profileWith(token)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key, an expired one and a tampered one', async () => {
    const { sub, sid, ver } = await claimsOfNewPlayer();
    const sign = (key: Uint8Array, exp: string | number) =>
      new SignJWT({ sid, ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setAudience('coinfall:player')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    const genuine = await sign(secret(), '10m');
    expect((await profileWith(genuine)).statusCode).toBe(200);
    const otherKey = await sign(new TextEncoder().encode('k'.repeat(32)), '10m');
    expect((await profileWith(otherKey)).statusCode).toBe(401);
    const expired = await sign(secret(), Math.floor(Date.now() / 1000) - 10);
    expect((await profileWith(expired)).statusCode).toBe(401);
    const [header, , signature] = genuine.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(genuine), sub: randomUUID() }),
    ).toString('base64url');
    expect((await profileWith(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses a genuine token whose session belongs to someone else', async () => {
    const a = await claimsOfNewPlayer();
    const b = await claimsOfNewPlayer();
    const token = await new SignJWT({ sid: b.sid, ver: b.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.sub)
      .setAudience('coinfall:player')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret());
    expect((await profileWith(token)).statusCode).toBe(401);
  });
});

describe('blocked players', () => {
  it('are refused with 403 ACCOUNT_BLOCKED on every call and at login', async () => {
    const { accessToken, email, profile } = await register(t);
    await t.database.db
      .update(players)
      .set({ status: PlayerStatus.Blocked })
      .where(eq(players.id, profile.id));
    const call = await profileWith(accessToken);
    expect(call.statusCode).toBe(403);
    expect(errorOf(call).code).toBe('ACCOUNT_BLOCKED');
    const loggedIn = await login(t, email, PASSWORD, nextIp());
    expect(loggedIn.statusCode).toBe(403);
    expect(errorOf(loggedIn).code).toBe('ACCOUNT_BLOCKED');
  });
});
