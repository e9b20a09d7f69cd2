import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createInstance, Types } from '@amplitude/analytics-node';
import { createTestApp, type TestApp } from '../test-app.ts';
import { API_KEY, newDeviceId, storedEvents } from './analytics-fixtures.ts';
import { RecordingTransport } from './sdk-transport.ts';

// The official Node SDK against the ingest on a real port. Throttle at 1 event/s (10 per
// device in the 10 s window), so the 429 case needs few events; the other cases stay under it.
let t: TestApp;
let serverUrl: string;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_EPS_THRESHOLD: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/2/httpapi`;
});
afterAll(() => t.close());

async function sdk(
  transport: RecordingTransport,
  options: { apiKey?: string; flushQueueSize?: number } = {},
) {
  const client = createInstance();
  await client.init(options.apiKey ?? API_KEY, {
    serverUrl,
    transportProvider: transport,
    flushQueueSize: options.flushQueueSize ?? 30,
    // Long enough for every event a test tracks at once to be queued before the first flush
    // (the SDK's plugins run between track() and the queue), so each case knows its batches.
    flushIntervalMillis: 500,
    logLevel: Types.LogLevel.None,
  }).promise;
  return client;
}

describe('the official Amplitude Node SDK against /2/httpapi', () => {
  it('delivers events with their properties', async () => {
    const transport = new RecordingTransport();
    const client = await sdk(transport);
    const device = newDeviceId();
    const results = await Promise.all(
      ['Registration', 'Login'].map(
        (type, i) =>
          client.track(
            type,
            { step: i + 1, via: 'email' },
            { device_id: device, user_id: 'p-0001' },
          ).promise,
      ),
    );
    expect(results.map((r) => r.code)).toEqual([200, 200]);
    const rows = await storedEvents(t, [device]);
    expect(rows.map((r) => [r.event_type, r.user_id, r.event.event_properties])).toEqual(
      expect.arrayContaining([
        ['Registration', 'p-0001', { step: 1, via: 'email' }],
        ['Login', 'p-0001', { step: 2, via: 'email' }],
      ]) as unknown[],
    );
    // The SDK's own fields arrive too: its insert_id (a UUID) and library.
    expect(rows[0]?.insert_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]?.event.library).toMatch(/^amplitude-node/);
  });

  it('counts an insert_id sent twice once', async () => {
    const client = await sdk(new RecordingTransport());
    const device = newDeviceId();
    const insertId = randomUUID();
    const send = () =>
      client.track('Purchase', { amount: 999 }, { device_id: device, insert_id: insertId }).promise;
    expect((await send()).code).toBe(200);
    expect((await send()).code).toBe(200);
    expect(await storedEvents(t, [device])).toHaveLength(1);
  });

  it('accepts a gzip body', async () => {
    const transport = new RecordingTransport({ gzip: true });
    const client = await sdk(transport);
    const device = newDeviceId();
    expect((await client.track('Game Launched', {}, { device_id: device }).promise).code).toBe(200);
    expect(transport.sent).toHaveLength(1);
    expect(await storedEvents(t, [device])).toHaveLength(1);
  });

  it('drops the batch without retrying on a missing api_key or an unknown one', async () => {
    const withoutKey = new RecordingTransport({
      alter: ({ api_key: _dropped, ...rest }) => rest as never,
    });
    const device = newDeviceId();
    const missing = await (await sdk(withoutKey)).track('Login', {}, { device_id: device }).promise;
    expect(missing).toMatchObject({ code: 400, message: 'Request missing required field' });

    const unknownKey = new RecordingTransport();
    const client = await sdk(unknownKey, { apiKey: 'not-a-project-key' });
    const unknown = await client.track('Login', {}, { device_id: device }).promise;
    expect(unknown).toMatchObject({ code: 400, message: 'Invalid API key: not-a-project-key' });
    // Resolved at the first answer: one request each, nothing stored.
    expect([withoutKey.sent.length, unknownKey.sent.length]).toEqual([1, 1]);
    expect(await storedEvents(t, [device])).toEqual([]);
  });

  it('drops the events the index maps name and resends the rest', async () => {
    const transport = new RecordingTransport();
    const client = await sdk(transport);
    const device = newDeviceId();
    const [bad, good] = await Promise.all([
      client.track('Login', {}, { device_id: device, user_id: 'abc' }).promise,
      client.track('Logout', {}, { device_id: device }).promise,
    ]);
    expect(bad).toMatchObject({ code: 400, message: 'Request contains invalid events' });
    expect(good?.code).toBe(200);
    expect(transport.sent.map((s) => [s.events.length, s.code])).toEqual([
      [2, 400],
      [1, 200],
    ]);
    expect((await storedEvents(t, [device])).map((r) => r.event_type)).toEqual(['Logout']);
  });

  it('halves the batch on a 413 and delivers every event', async () => {
    const transport = new RecordingTransport();
    const client = await sdk(transport, { flushQueueSize: 8 });
    const device = newDeviceId();
    // 8 × ~200 KB: over the 1 MB limit together, under it in halves.
    const results = await Promise.all(
      Array.from(
        { length: 8 },
        (_, i) =>
          client.track('Page Viewed', { i, filler: 'x'.repeat(200_000) }, { device_id: device })
            .promise,
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(8).fill(200));
    expect(transport.sent.map((s) => [s.events.length, s.code])).toEqual([
      [8, 413],
      [4, 200],
      [4, 200],
    ]);
    expect(await storedEvents(t, [device])).toHaveLength(8);
  });

  it('holds back the throttled device on a 429 while the other events may go', async () => {
    const transport = new RecordingTransport();
    const client = await sdk(transport);
    const busy = newDeviceId();
    const calm = newDeviceId();
    const calmResults: Promise<Types.Result>[] = [];
    for (let i = 0; i < 12; i += 1) {
      void client.track('Spin', { i }, { device_id: busy }).promise;
      if (i % 6 === 0) calmResults.push(client.track('Login', {}, { device_id: calm }).promise);
    }
    await transport.answered(1);
    expect(transport.sent[0]?.code).toBe(429);
    expect(transport.sent[0]?.events).toHaveLength(14);
    // The SDK now holds the busy device's events for 30 s (and, in analytics-core 2.57, puts
    // its next scheduled flush there too); a flush sends only the events not held back.
    await client.flush().promise;
    expect((await Promise.all(calmResults)).map((r) => r.code)).toEqual([200, 200]);
    expect(transport.sent.map((s) => s.events.map((e) => e.device_id))).toEqual([
      expect.any(Array) as unknown,
      [calm, calm],
    ]);
    expect(await storedEvents(t, [busy])).toEqual([]);
    expect(await storedEvents(t, [calm])).toHaveLength(2);
  });
});
