import { gzipSync } from 'node:zlib';
import { ingestInvalidSchema, ingestSuccessSchema, ingestThrottledSchema } from '@coinfall/shared';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { API_KEY, newDeviceId, post, sdkEvent, storedEvents } from './analytics-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_EPS_THRESHOLD: '2', ANALYTICS_DAILY_QUOTA: '50' });
});
afterAll(() => t.close());

describe('POST /2/httpapi', () => {
  it('stores the events and answers as Amplitude, code equal to the status', async () => {
    const device = newDeviceId();
    const first = sdkEvent({
      device_id: device,
      user_id: 'player-1234',
      time: Date.parse('2026-11-20T10:00:00Z'),
      session_id: 1_795_000_000_000,
      user_properties: { $set: { tier: 'gold' } },
    });
    const second = sdkEvent({ device_id: device, time: undefined, session_id: undefined });
    const text = JSON.stringify({ api_key: API_KEY, events: [first, second], options: {} });
    const res = await post(t.app, text);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = ingestSuccessSchema.parse(res.json());
    expect(body).toMatchObject({ events_ingested: 2, payload_size_bytes: Buffer.byteLength(text) });
    expect(Math.abs(body.server_upload_time - Date.now())).toBeLessThan(60_000);

    const rows = await storedEvents(t, [device]);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.user_id)).toMatchObject({
      project: 'demo',
      insert_id: first.insert_id,
      event_type: 'Game Launched',
      user_id: 'player-1234',
      device_id: device,
      session_id: '1795000000000',
      time: '2026-11-20T10:00:00.000Z',
      event: first,
    });
    // No `time`: the event happened when it arrived.
    const untimed = rows.find((r) => !r.user_id);
    expect(untimed?.time).toBe(untimed?.received_at);
    expect(untimed?.session_id).toBeNull();
  });

  it('stores an insert_id once within a batch and across requests; events without one each time', async () => {
    const device = newDeviceId();
    const event = sdkEvent({ device_id: device });
    const bare = sdkEvent({ device_id: device, insert_id: undefined, event_type: 'bare' });
    const body = { api_key: API_KEY, events: [event, { ...event, event_type: 'copy' }, bare] };
    expect((await post(t.app, body)).json()).toMatchObject({ code: 200, events_ingested: 3 });
    expect((await post(t.app, body)).statusCode).toBe(200);
    const rows = await storedEvents(t, [device]);
    expect(rows.map((r) => r.event_type).sort()).toEqual(['Game Launched', 'bare', 'bare']);
  });

  it('accepts a gzip body, and refuses a broken one or another encoding with a code', async () => {
    const device = newDeviceId();
    const text = JSON.stringify({ api_key: API_KEY, events: [sdkEvent({ device_id: device })] });
    const res = await post(t.app, gzipSync(text), { headers: { 'content-encoding': 'gzip' } });
    expect(res.json()).toMatchObject({ code: 200, payload_size_bytes: Buffer.byteLength(text) });
    expect(await storedEvents(t, [device])).toHaveLength(1);

    const broken = await post(t.app, text, { headers: { 'content-encoding': 'gzip' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 400, error: 'Invalid gzip body' });
    const brotli = await post(t.app, text, { headers: { 'content-encoding': 'br' } });
    expect(brotli.statusCode).toBe(415);
    expect(brotli.json()).toEqual({ code: 415, error: 'Unsupported Content-Encoding: br' });
  });

  it('names a missing api_key or events, an unknown key, and a body that is not JSON', async () => {
    const missingKey = await post(t.app, { events: [sdkEvent()] });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json()).toEqual({
      code: 400,
      error: 'Request missing required field',
      missing_field: 'api_key',
    });
    expect((await post(t.app, { api_key: API_KEY })).json()).toEqual({
      code: 400,
      error: 'Request missing required field',
      missing_field: 'events',
    });
    const unknown = await post(t.app, { api_key: 'not-a-project-key', events: [] });
    expect(unknown.json()).toEqual({ code: 400, error: 'Invalid API key: not-a-project-key' });
    const notJson = await post(t.app, '{"api_key":');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ code: 400, error: 'Invalid JSON body' });
  });

  it('lists bad events in the index maps and stores none of the request', async () => {
    const device = newDeviceId();
    const res = await post(t.app, {
      api_key: API_KEY,
      options: { min_id_length: 8 },
      events: [
        sdkEvent({ device_id: device }),
        sdkEvent({ device_id: device, event_type: undefined }),
        sdkEvent({ device_id: 'short', user_id: 'also' }),
        sdkEvent({ device_id: device, time: 'yesterday' }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(ingestInvalidSchema.parse(res.json())).toEqual({
      code: 400,
      error: 'Request contains invalid events',
      events_with_missing_fields: { event_type: [1] },
      events_with_invalid_fields: { time: [3] },
      events_with_invalid_id_lengths: { user_id: [2], device_id: [2] },
    });
    expect(await storedEvents(t, [device])).toEqual([]);
  });

  it('refuses a body over 1 MB or over 2,000 events with 413; /batch takes 20 MB', async () => {
    const device = newDeviceId();
    const big = {
      api_key: API_KEY,
      events: [sdkEvent({ device_id: device, event_properties: { blob: 'x'.repeat(1_100_000) } })],
    };
    const tooLarge = await post(t.app, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: 413, error: expect.any(String) as string });
    const zipped = await post(t.app, gzipSync(JSON.stringify(big)), {
      headers: { 'content-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(413);
    expect((await post(t.app, big, { url: '/batch' })).json()).toMatchObject({ code: 200 });

    const many = { api_key: API_KEY, events: Array.from({ length: 2_001 }, () => sdkEvent()) };
    const tooMany = await post(t.app, many, { url: '/batch' });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ code: 413, error: 'Too many events: at most 2000 a request' });
    expect(await storedEvents(t, [device])).toHaveLength(1);
  });

  it('answers the browser preflight for any origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/2/httpapi',
      headers: {
        origin: 'https://play.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, content-encoding',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type, content-encoding',
    });
  });

  it('stores a string holding \\u0000, which jsonb refuses, with U+FFFD in its place', async () => {
    const device = newDeviceId();
    const text = `{"api_key":"${API_KEY}","events":[{"event_type":"nul\\u0000","device_id":"${device}"}]}`;
    expect((await post(t.app, text)).statusCode).toBe(200);
    expect((await storedEvents(t, [device]))[0]?.event_type).toBe('nul\ufffd');
  });
});

describe('values JSON.parse takes and PostgreSQL does not', () => {
  it('stores a time and session id written with a fraction of zero (1700000000000.0)', async () => {
    const device = newDeviceId();
    const text = `{"api_key":"${API_KEY}","events":[{"event_type":"e","device_id":"${device}","time":1795000000000.0,"session_id":5.0}]}`;
    expect((await post(t.app, text)).statusCode).toBe(200);
    expect((await storedEvents(t, [device]))[0]).toMatchObject({
      session_id: '5',
      time: new Date(1_795_000_000_000).toISOString(),
    });
  });

  it.each([
    ['a lone surrogate escape', '"\\ud800"'],
    ['a number too large for jsonb', '1e1000000'],
  ])('answers 400, not 500, to %s, and stores nothing', async (_name, value) => {
    const device = newDeviceId();
    const text = `{"api_key":"${API_KEY}","events":[{"event_type":"e","device_id":"${device}","event_properties":{"v":${value}}}]}`;
    const res = await post(t.app, text);
    expect(res.statusCode, res.body).toBe(400);
    // Named by index: the SDK drops that event and sends the rest again.
    expect(res.json()).toEqual({
      code: 400,
      error: 'Request contains invalid events',
      events_with_invalid_fields: { event_properties: [0] },
    });
    expect(await storedEvents(t, [device])).toEqual([]);
  });
});

describe('throttling per device and user (threshold 2 events/s over 10 s, quota 50 a day)', () => {
  it('answers 429 naming the throttled device and its events, and stores nothing of it', async () => {
    const { app, clock } = await createClockedApp(t);
    try {
      clock.ms = Date.parse('2026-11-26T12:00:00Z');
      const busy = newDeviceId();
      const calm = newDeviceId();
      const burst = (n: number, device: string) =>
        Array.from({ length: n }, () => sdkEvent({ device_id: device }));
      expect((await post(app, { api_key: API_KEY, events: burst(20, busy) })).statusCode).toBe(200);
      const res = await post(app, {
        api_key: API_KEY,
        events: [...burst(1, calm), ...burst(2, busy), ...burst(1, calm)],
      });
      expect(res.statusCode).toBe(429);
      expect(ingestThrottledSchema.parse(res.json())).toEqual({
        code: 429,
        error: 'Too many requests for some devices and users',
        eps_threshold: 2,
        throttled_devices: { [busy]: 2.2 },
        throttled_users: {},
        throttled_events: [1, 2],
        exceeded_daily_quota_devices: {},
        exceeded_daily_quota_users: {},
      });
      expect(await storedEvents(t, [calm])).toEqual([]);
      expect(await storedEvents(t, [busy])).toHaveLength(20);

      // The calm device alone goes through; the busy one once the window has slid past.
      expect((await post(app, { api_key: API_KEY, events: burst(2, calm) })).statusCode).toBe(200);
      clock.ms += 20_000;
      expect((await post(app, { api_key: API_KEY, events: burst(2, busy) })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('throttles a user across devices, and reports a spent daily quota', async () => {
    const { app, clock } = await createClockedApp(t);
    try {
      clock.ms = Date.parse('2026-11-26T13:00:00Z');
      const user = `player-${newDeviceId()}`;
      const events = (n: number) =>
        Array.from({ length: n }, () => sdkEvent({ user_id: user, device_id: newDeviceId() }));
      expect((await post(app, { api_key: API_KEY, events: events(21) })).json()).toMatchObject({
        code: 429,
        throttled_users: { [user]: 2.1 },
        throttled_devices: {},
      });
      const device = newDeviceId();
      for (let i = 0; i < 5; i += 1) {
        const batch = Array.from({ length: 10 }, () => sdkEvent({ device_id: device }));
        expect((await post(app, { api_key: API_KEY, events: batch })).statusCode).toBe(200);
        clock.ms += 60_000;
      }
      const over = await post(app, { api_key: API_KEY, events: [sdkEvent({ device_id: device })] });
      expect(over.json()).toMatchObject({
        code: 429,
        exceeded_daily_quota_devices: { [device]: 51 },
        throttled_devices: {},
        throttled_events: [],
      });
      // A new UTC day, a new quota.
      clock.ms = Date.parse('2026-11-27T00:00:01Z');
      expect(
        (await post(app, { api_key: API_KEY, events: [sdkEvent({ device_id: device })] }))
          .statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('POST /batch', () => {
  it('takes the same body and answers the same way', async () => {
    const device = newDeviceId();
    const res = await post(
      t.app,
      { api_key: API_KEY, events: [sdkEvent({ device_id: device })] },
      { url: '/batch' },
    );
    expect(res.json()).toMatchObject({ code: 200, events_ingested: 1 });
    expect(await storedEvents(t, [device])).toHaveLength(1);
  });
});
