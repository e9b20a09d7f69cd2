import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { amplitudeSandboxPostsSchema } from '@coinfall/shared';
import { createClockedApp, createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { API_KEY, post, sdkEvent } from './analytics-fixtures.ts';

// Issue 19, decision 054: what the ingest accepts is forwarded to a real Amplitude project in
// batches, at least once, with insert_ids Amplitude de-duplicates; retried after a 429 or a 5xx.

const FAST = { AMPLITUDE_FORWARD_EVENTS_PER_SECOND: '1000000' };

async function queuedRows(t: TestApp): Promise<{ status: string; attempts: number }[]> {
  const result: unknown = await t.database.db.execute(
    sql`select status, attempts from analytics_forward_batches order by id`,
  );
  return (result as { rows: { status: string; attempts: number }[] }).rows;
}

describe('forwarding to the sandbox Amplitude', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(FAST);
  });
  afterAll(() => t.close());

  const forwarded = async () => {
    const res = await t.app.inject({
      url: '/api/dev/analytics/forwarded',
      headers: operatorHeaders(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return amplitudeSandboxPostsSchema.parse(res.json()).data;
  };
  const postsOf = async (insertId: string) =>
    (await forwarded()).filter((p) => p.body.events.some((e) => e.insert_id === insertId));

  it('forwards an accepted event once, with its insert_id, and a resent one not again', async () => {
    const event = sdkEvent();
    const other = sdkEvent({ insert_id: undefined });
    const body = { api_key: API_KEY, events: [event, other] };
    expect((await post(t.app, body)).statusCode).toBe(200);
    // The SDK resends a batch whose answer it did not see: stored and forwarded once.
    expect((await post(t.app, { api_key: API_KEY, events: [event] })).statusCode).toBe(200);
    await t.app.amplitudeForwarder!.deliverDue();
    const posts = await postsOf(event.insert_id as string);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: 200 });
    expect(posts[0]?.body).not.toHaveProperty('api_key');
    const sent = posts[0]!.body.events.filter((e) => e.device_id === event.device_id);
    expect(sent).toEqual([{ ...event }]);
    // An event sent without an insert_id got one, kept across retries.
    const made = posts[0]!.body.events.find((e) => e.device_id === other.device_id);
    expect(made?.insert_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await queuedRows(t)).toEqual([]);
  });

  const failNext = async (app: TestApp['app'], statuses: number[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/analytics/forwarded/failures',
      headers: operatorHeaders(),
      payload: { statuses },
    });
    expect(res.statusCode, res.body).toBe(204);
  };

  it('keeps the events after a 503 and a 429, and forwards them once the backoff has passed', async () => {
    await failNext(t.app, [503]);
    const event = sdkEvent();
    expect((await post(t.app, { api_key: API_KEY, events: [event] })).statusCode).toBe(200);
    const insertId = event.insert_id as string;

    await t.app.amplitudeForwarder!.deliverDue();
    expect((await postsOf(insertId)).map((p) => p.status)).toEqual([503]);
    expect(await queuedRows(t)).toEqual([{ status: 'pending', attempts: 1 }]);
    // Not due again at once…
    await t.app.amplitudeForwarder!.deliverDue();
    expect(await postsOf(insertId)).toHaveLength(1);

    // A second node, whose clock moves (the sandbox's script is each node's own).
    const clocked = await createClockedApp(t);
    try {
      await failNext(clocked.app, [429]);
      // …but after the first backoff (30 s), when Amplitude throttles it…
      clocked.clock.ms = Date.now() + 31_000;
      await clocked.app.amplitudeForwarder!.deliverDue();
      expect((await postsOf(insertId)).map((p) => p.status)).toEqual([429, 503]);
      // …then not before the second backoff (60 s)…
      clocked.clock.ms = Date.now() + 31_000 + 45_000;
      await clocked.app.amplitudeForwarder!.deliverDue();
      expect(await postsOf(insertId)).toHaveLength(2);
      clocked.clock.ms = Date.now() + 31_000 + 61_000;
      await clocked.app.amplitudeForwarder!.deliverDue();
    } finally {
      await clocked.app.close();
    }
    const posts = await postsOf(insertId);
    expect(posts.map((p) => p.status)).toEqual([200, 429, 503]);
    // The same event each time: Amplitude keeps one by its insert_id.
    expect(new Set(posts.map((p) => JSON.stringify(p.body.events)))).toHaveProperty('size', 1);
    expect(await queuedRows(t)).toEqual([]);
  });

  it('keeps the sandbox’s tools for the operator only, and checks the statuses it is given', async () => {
    expect((await t.app.inject({ url: '/api/dev/analytics/forwarded' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/dev/analytics/forwarded/failures',
      headers: operatorHeaders(),
      payload: { statuses: [418] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('statuses');
  });
});

describe('forwarding to a real Amplitude project', () => {
  let t: TestApp;
  let server: Server;
  /** What the stub Amplitude answers next, in order; 200 once they are spent. */
  const answers: { status: number; body: object }[] = [];
  const received: { events: Record<string, unknown>[]; api_key: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(data) as (typeof received)[number]);
        const answer = answers.shift() ?? { status: 200, body: { code: 200 } };
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      ...FAST,
      AMPLITUDE_FORWARD_API_KEY: 'amplitude-test-key-123',
      AMPLITUDE_FORWARD_URL: `http://127.0.0.1:${port}/2/httpapi`,
      AMPLITUDE_FORWARD_BATCH_SIZE: '2',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts batches of the configured size with the project’s key, and no sandbox', async () => {
    const events = [sdkEvent(), sdkEvent(), sdkEvent()];
    expect((await post(t.app, { api_key: API_KEY, events })).statusCode).toBe(200);
    await t.app.amplitudeForwarder!.deliverDue();
    const mine = received.filter((r) =>
      r.events.some(
        (e) => e.device_id === events[0]!.device_id || e.device_id === events[2]!.device_id,
      ),
    );
    expect(mine.map((r) => r.events.map((e) => e.insert_id))).toEqual([
      [events[0]!.insert_id, events[1]!.insert_id],
      [events[2]!.insert_id],
    ]);
    expect(mine.every((r) => r.api_key === 'amplitude-test-key-123')).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/dev/analytics/forwarded', headers: operatorHeaders() }))
        .statusCode,
    ).toBe(404);
  });

  it('drops the events a 400 lists and resends the rest; retries the whole batch after a 500', async () => {
    const [bad, good] = [sdkEvent(), sdkEvent()];
    answers.push({
      status: 400,
      body: { code: 400, error: 'Invalid field values', events_with_invalid_fields: { time: [0] } },
    });
    expect((await post(t.app, { api_key: API_KEY, events: [bad, good] })).statusCode).toBe(200);
    await t.app.amplitudeForwarder!.deliverDue();
    const posted = received.slice(-2).map((r) => r.events.map((e) => e.insert_id));
    expect(posted).toEqual([[bad.insert_id, good.insert_id], [good.insert_id]]);
    expect(await queuedRows(t)).toEqual([]);

    const retried = sdkEvent();
    answers.push({ status: 500, body: { code: 500, error: 'oops' } });
    expect((await post(t.app, { api_key: API_KEY, events: [retried] })).statusCode).toBe(200);
    await t.app.amplitudeForwarder!.deliverDue();
    expect(await queuedRows(t)).toEqual([{ status: 'pending', attempts: 1 }]);
    const clocked = await createClockedApp(t);
    try {
      clocked.clock.ms = Date.now() + 31_000;
      await clocked.app.amplitudeForwarder!.deliverDue();
    } finally {
      await clocked.app.close();
    }
    const times = received.filter((r) => r.events.some((e) => e.insert_id === retried.insert_id));
    expect(times).toHaveLength(2);
    expect(await queuedRows(t)).toEqual([]);
  });
});

describe('without an Amplitude key nor the sandbox', () => {
  it('forwards nothing and queues nothing', async () => {
    const t = await createTestApp({ SANDBOX: 'off', ANALYTICS_API_KEYS: 'main:plain-key-123' });
    try {
      expect(t.app.amplitudeForwarder).toBeNull();
      const res = await post(t.app, { api_key: 'plain-key-123', events: [sdkEvent()] });
      expect(res.statusCode, res.body).toBe(200);
      expect(await queuedRows(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
