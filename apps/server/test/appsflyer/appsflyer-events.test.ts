import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appsFlyerSandboxEventsSchema } from '@coinfall/shared';
import { createAppsFlyerDeliveriesRepo } from '../../src/modules/appsflyer/appsflyer.repo.ts';
import { bearer, failedFields, register } from '../player/player-fixtures.ts';
import { createClockedApp, createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';

// Issue 19, decision 048: the app's conversions are taken into the outbox and forwarded to
// AppsFlyer's S2S API (or the sandbox) by a sender with its own retries.

const event = (over: Record<string, unknown> = {}) => ({
  isIos: false,
  appsFlyerId: `1700000000000-${randomInt(1e7)}`,
  userId: null,
  eventName: 'af_purchase',
  eventValue: { af_revenue: 19.99, af_currency: 'USD' },
  ...over,
});

const post = (t: TestApp, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/appsflyer-events', payload, headers });

/** The outbox delivered what was accepted, and the sender worked off what was due. */
async function flush(t: TestApp, app = t.app): Promise<void> {
  const { dispatcher } = t.app.eventDelivery;
  dispatcher.wake();
  await dispatcher.idle();
  await app.appsFlyer!.deliverDue();
}

describe('POST /api/appsflyer-events with the sandbox AppsFlyer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sandboxEvents = async () => {
    const res = await t.app.inject({
      url: '/api/dev/appsflyer/events',
      headers: operatorHeaders(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return appsFlyerSandboxEventsSchema.parse(res.json()).data;
  };

  it('refuses bad input with 400 naming the field, and records nothing', async () => {
    const cases: [object, string][] = [
      [event({ appsFlyerId: undefined }), 'appsFlyerId'],
      [event({ appsFlyerId: 'x' }), 'appsFlyerId'],
      [event({ isIos: 'yes' }), 'isIos'],
      [event({ eventName: 'not an event' }), 'eventName'],
      [event({ eventValue: { nested: { a: 1 } } }), 'eventValue.nested'],
      [
        event({
          eventValue: { big: 'x'.repeat(256), more: 'y'.repeat(256), much: 'z'.repeat(256) },
        }),
        'eventValue',
      ],
    ];
    const before = (await sandboxEvents()).length;
    for (const [payload, field] of cases) {
      const res = await post(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(failedFields(res), JSON.stringify(payload)).toContain(`body.${field}`);
    }
    await flush(t);
    expect(await sandboxEvents()).toHaveLength(before);
  });

  it('records a signed-in player’s event under the session’s player, whatever the body says', async () => {
    const player = await register(t);
    const body = event({ isIos: true, userId: randomUUID() });
    const res = await post(t, body, bearer(player.accessToken));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    await flush(t);
    const recorded = (await sandboxEvents()).find((e) => e.body.appsflyer_id === body.appsFlyerId);
    expect(recorded).toMatchObject({
      appId: 'id0000000000',
      body: {
        appsflyer_id: body.appsFlyerId,
        customer_user_id: player.profile.id,
        eventName: 'af_purchase',
        eventValue: { af_revenue: 19.99, af_currency: 'USD' },
        eventCurrency: 'USD',
      },
    });
    expect(recorded?.body.eventTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    const deliveries = await createAppsFlyerDeliveriesRepo(t.database.db).ofPlayer(
      player.profile.id,
    );
    expect(deliveries).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it('forwards a guest’s event without a player id (the body’s is not vouched for)', async () => {
    const body = event({ userId: randomUUID() });
    expect((await post(t, body)).statusCode).toBe(202);
    // A forged token is a guest too, not a 401 the app's bridge could only drop.
    const forged = event({ userId: randomUUID() });
    expect((await post(t, forged, bearer('not.a.token'))).statusCode).toBe(202);
    await flush(t);
    const events = await sandboxEvents();
    for (const sent of [body, forged]) {
      const recorded = events.find((e) => e.body.appsflyer_id === sent.appsFlyerId);
      expect(recorded?.appId).toBe('com.coinfall.sandbox');
      expect(recorded?.body).not.toHaveProperty('customer_user_id');
    }
  });

  it('keeps the sandbox’s record for the operator only', async () => {
    const res = await t.app.inject({ url: '/api/dev/appsflyer/events' });
    expect(res.statusCode).toBe(401);
  });

  it('limits one address to 30 events a minute', async () => {
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appsflyer-events',
        payload: event(),
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /api/appsflyer-events with AppsFlyer configured', () => {
  let t: TestApp;
  let server: Server;
  /** What the stub AppsFlyer answers next, in order; 200 once they are spent. */
  const answers: number[] = [];
  const received: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] =
    [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(data) as Record<string, unknown>,
        });
        res.writeHead(answers.shift() ?? 200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      APPSFLYER_DEV_KEY: 'test-dev-key-123',
      APPSFLYER_IOS_APP_ID: 'id123456789',
      APPSFLYER_ANDROID_APP_ID: 'com.coinfall.app',
      APPSFLYER_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const postsOf = (appsFlyerId: string) =>
    received.filter((r) => r.body.appsflyer_id === appsFlyerId);

  it('posts the S2S event to the platform’s app with the dev key', async () => {
    const player = await register(t);
    const body = event({ eventName: 'af_complete_registration', eventValue: { method: 'email' } });
    expect((await post(t, body, bearer(player.accessToken))).statusCode).toBe(202);
    await flush(t);
    expect(postsOf(body.appsFlyerId)).toMatchObject([
      {
        path: '/inappevent/com.coinfall.app',
        headers: { authentication: 'test-dev-key-123', 'content-type': 'application/json' },
        body: {
          appsflyer_id: body.appsFlyerId,
          customer_user_id: player.profile.id,
          eventName: 'af_complete_registration',
          eventValue: { method: 'email' },
        },
      },
    ]);
  });

  it('does not lose an event AppsFlyer failed: it is sent again after the backoff', async () => {
    const player = await register(t);
    const body = event({ isIos: true });
    answers.push(503);
    expect((await post(t, body, bearer(player.accessToken))).statusCode).toBe(202);
    await flush(t);
    const repo = createAppsFlyerDeliveriesRepo(t.database.db);
    const [failed] = await repo.ofPlayer(player.profile.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toContain('503');
    expect(postsOf(body.appsFlyerId)).toHaveLength(1);

    // Not due again at once…
    await t.app.appsFlyer!.deliverDue();
    expect(postsOf(body.appsFlyerId)).toHaveLength(1);
    // …but once its backoff has passed.
    const clocked = await createClockedApp(t);
    try {
      clocked.clock.ms = Date.now() + 31_000;
      await clocked.app.appsFlyer!.deliverDue();
    } finally {
      await clocked.app.close();
    }
    const posts = postsOf(body.appsFlyerId);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.path).toBe('/inappevent/id123456789');
    expect(await repo.ofPlayer(player.profile.id)).toMatchObject([
      { status: 'sent', attempts: 2, lastError: null },
    ]);
  });

  it('gives up at once on an event AppsFlyer refuses as malformed (400)', async () => {
    const player = await register(t);
    const body = event();
    answers.push(400);
    expect((await post(t, body, bearer(player.accessToken))).statusCode).toBe(202);
    await flush(t);
    const repo = createAppsFlyerDeliveriesRepo(t.database.db);
    expect(await repo.ofPlayer(player.profile.id)).toMatchObject([
      { status: 'failed', attempts: 1 },
    ]);
  });
});
