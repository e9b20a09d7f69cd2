import { randomUUID } from 'node:crypto';
import type {
  Centrifuge,
  DisconnectedContext,
  PublicationContext,
  SubscriptionErrorContext,
} from 'centrifuge';
import { count, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { REALTIME_DISCONNECT, healthSchema, playerChannel } from '@coinfall/shared';
import { buildApp } from '../../src/app.ts';
import { domainEvents } from '../../src/db/schema/index.ts';
import type { SessionChange } from '../../src/platform/sessions/session-changes.ts';
import { bearer, errorOf, login, register } from '../player/player-fixtures.ts';
import {
  createListeningApp,
  wsClient,
  type RealtimeTestApp,
} from '../realtime/realtime-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy.ts';

// Decision 021. The app reaches Redis through a proxy the test cuts and restores; the Redis of
// REDIS_URL itself keeps running (other test files share it).
const redisUrl = process.env.REDIS_URL;
const RATE_LIMIT = 200;
const DICE = { bet: 20, params: { target: 50.5, direction: 'over' } };

/** Polls `check` until it holds (recovery is asynchronous: reconnects come every second at most). */
async function eventually(check: () => Promise<boolean> | boolean, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Records what a node's session-changes bus says about its own link. */
function deliveryNotices(app: FastifyInstance): SessionChange['delivery'][] {
  const seen: SessionChange['delivery'][] = [];
  app.sessionChanges.subscribe((change) => {
    if (change.delivery) seen.push(change.delivery);
  });
  return seen;
}

describe.skipIf(!redisUrl)('a Redis outage (REDIS_URL, cut through a TCP proxy)', () => {
  let proxy: TcpProxy;
  let t: RealtimeTestApp;
  /** A second node on the same database and Redis: it must hear of sessions ended on t. */
  let nodeB: FastifyInstance;
  let direct: Redis;
  let f: ReturnType<typeof rgsFixtures>;
  let client: Centrifuge | undefined;
  const prefix = `test:${randomUUID()}:`;
  let noticesA: SessionChange['delivery'][] = [];
  let noticesB: SessionChange['delivery'][] = [];

  // Set up before the cut: a player in a game with a subscribed realtime client, and a session
  // that node B has already cached.
  let gamer: { playerId: string; token: string; gameToken: string };
  const received: PublicationContext[] = [];
  let cachedOnB: { email: string; accessToken: string };
  /** A socket on t whose session node B ends during the cut. */
  let endedElsewhere: { client: Centrifuge; disconnects: DisconnectedContext[]; token: string };

  beforeAll(async () => {
    proxy = await startTcpProxy(redisUrl!);
    t = await createListeningApp({
      REDIS_URL: proxy.urlThrough(redisUrl!),
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_KEY_PREFIX: prefix,
    });
    nodeB = await buildApp({
      config: t.config,
      database: t.database,
      redis: t.redis,
      site: null,
    });
    await nodeB.ready();
    direct = new Redis(redisUrl!);
    noticesA = deliveryNotices(t.app);
    noticesB = deliveryNotices(nodeB);
    f = rgsFixtures(t);

    const p = await f.scPlayer(1_000_000);
    const gameToken = await f.launch(p, 'dice');
    await f.open(gameToken);
    gamer = { playerId: p.playerId, token: p.token, gameToken };
    client = wsClient(t, { token: p.token });
    const sub = client.newSubscription(playerChannel('wallet', p.playerId));
    sub.on('publication', (ctx) => received.push(ctx));
    sub.subscribe();
    client.connect();
    await sub.ready(5000);

    const elsewhere = await register(t);
    const socket = wsClient(t, { token: elsewhere.accessToken });
    const disconnects: DisconnectedContext[] = [];
    socket.on('disconnected', (ctx) => disconnects.push(ctx));
    socket.connect();
    await socket.ready(5000);
    endedElsewhere = { client: socket, disconnects, token: elsewhere.accessToken };

    cachedOnB = await register(t);
    const read = await nodeB.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(cachedOnB.accessToken),
    });
    expect(read.statusCode).toBe(200);
  });

  afterAll(async () => {
    proxy?.restore();
    client?.disconnect();
    endedElsewhere?.client.disconnect();
    await nodeB?.close();
    await t?.close();
    direct?.disconnect();
    await proxy?.close();
  });

  describe('while Redis is cut', () => {
    beforeAll(async () => {
      proxy.cut();
      await eventually(() => noticesA.includes('lost') && noticesB.includes('lost'));
      expect(t.redis!.status).not.toBe('ready');
    });

    it('answers public reads with 200', async () => {
      for (const url of ['/api/core/locales', '/api/game/games']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
      }
    });

    it('reports health 200, degraded, with Redis unreachable', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(healthSchema.parse(res.json())).toMatchObject({
        status: 'degraded',
        database: { reachable: true },
        redis: { reachable: false },
      });
    });

    it('logs a player in, and still throttles failed logins (counted on this node)', async () => {
      const ip = '203.0.113.41';
      expect((await login(t, cachedOnB.email, 'correct horse', ip)).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 30 && !statuses.includes(429); i += 1) {
        statuses.push((await login(t, cachedOnB.email, 'wrong password', ip)).statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
    });

    it('serves an authenticated read', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/wallet/accounts',
        headers: bearer(gamer.token),
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses at once, on another node, a session ended while the bus could not tell it', async () => {
      const ended = await t.app.inject({
        method: 'POST',
        url: '/api/player/sessions/logout',
        headers: bearer(cachedOnB.accessToken),
      });
      expect(ended.statusCode).toBe(204);
      // Node B cached this session before the cut; it no longer trusts that copy.
      const res = await nodeB.inject({
        method: 'GET',
        url: '/api/player/profile',
        headers: bearer(cachedOnB.accessToken),
      });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('SESSION_ENDED');
    });

    it('keeps a socket open whose session another node ended, until the bus can tell', async () => {
      const ended = await nodeB.inject({
        method: 'POST',
        url: '/api/player/sessions/logout',
        headers: bearer(endedElsewhere.token),
      });
      expect(ended.statusCode).toBe(204);
      expect(endedElsewhere.client.state).toBe('connected');
    });

    it('settles game rounds without a 5xx', async () => {
      const statuses = await Promise.all(
        Array.from(
          { length: 20 },
          async () => (await f.startRaw(gamer.gameToken, DICE)).statusCode,
        ),
      );
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    });

    it('still answers 429 past the rate-limit budget', async () => {
      const get = () =>
        t.app.inject({ method: 'GET', url: '/api/core/locales', remoteAddress: '203.0.113.42' });
      for (let i = 0; i < RATE_LIMIT; i += 1) expect((await get()).statusCode).toBe(200);
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('RATE_LIMITED');
    });

    it('answers a realtime subscription with a temporary error, which the client retries', async () => {
      const other = wsClient(t, { token: gamer.token });
      try {
        const sub = other.newSubscription(playerChannel('kyc', gamer.playerId), {
          minResubscribeDelay: 50,
          maxResubscribeDelay: 200,
        });
        const errors: SubscriptionErrorContext[] = [];
        sub.on('error', (ctx) => errors.push(ctx));
        sub.subscribe();
        other.connect();
        await eventually(() => errors.length >= 2);
        expect(errors[0]!.error).toMatchObject({ code: 100, temporary: true });
        expect(sub.state).toBe('subscribing');
      } finally {
        other.disconnect();
      }
    });
  });

  describe('once Redis is back', () => {
    beforeAll(() => {
      proxy.restore();
    });

    it('hears session changes again on every node', async () => {
      await eventually(() => noticesA.at(-1) === 'restored' && noticesB.at(-1) === 'restored');
    });

    it('closes the socket of a session ended elsewhere during the cut (4501)', async () => {
      await eventually(() => endedElsewhere.disconnects.length > 0);
      expect(endedElsewhere.disconnects[0]!.code).toBe(REALTIME_DISCONNECT.sessionEnded.code);
    });

    it('counts rate limits in Redis again within a few seconds', async () => {
      const ip = '203.0.113.43';
      await eventually(async () => {
        await t.app.inject({ method: 'GET', url: '/api/core/locales', remoteAddress: ip });
        return (await direct.get(`${prefix}${ip}`)) !== null;
      });
    });

    it('delivers what the outbox held, and the subscribed client hears the balance', async () => {
      await eventually(async () => {
        const [row] = await t.database.db
          .select({ undelivered: count() })
          .from(domainEvents)
          .where(isNull(domainEvents.dispatchedAt));
        return row?.undelivered === 0;
      });
      const balance = (await f.open(gamer.gameToken)).balance;
      // The last Sweeps Coins balance heard: the rounds' rewards (quests, loyalty) may push a
      // Gold Coins balance after it.
      const lastScBalance = () =>
        received
          .map(
            (ctx) =>
              (
                ctx.data as { data: { accounts: { currency: string; balance: number }[] } }
              ).data.accounts.find((a) => a.currency === 'SC')?.balance,
          )
          .filter((heard) => heard !== undefined)
          .at(-1);
      await eventually(() => lastScBalance() === balance);
    });

    it('keeps the ledger invariants', async () => {
      await f.expectLedgerInvariants();
    });
  });
});

if (!redisUrl) {
  it.skip('a Redis outage needs REDIS_URL: the proxy stands between the app and that Redis', () =>
    undefined);
}
