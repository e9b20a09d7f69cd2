import WebSocket from 'ws';
import type { Centrifuge, PublicationContext } from 'centrifuge';
import { REALTIME_PATHS, playerChannel } from '@coinfall/shared';
import {
  createListeningApp,
  httpStreamClient,
  registerPlayer,
  type RealtimeTestApp,
} from './realtime-fixtures.ts';

let t: RealtimeTestApp;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  t = await createListeningApp({
    REALTIME_PING_SECONDS: '1',
    REALTIME_ALLOWED_ORIGINS: 'https://play.example.com',
  });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await t.close();
});

/** A raw socket: what the official client never sends, and the exact bytes it gets. */
function rawSocket(headers: Record<string, string> = {}) {
  const socket = new WebSocket(t.wsUrl, { headers });
  const messages: string[] = [];
  socket.on('message', (data) => {
    for (const line of (data as Buffer).toString('utf8').split('\n')) messages.push(line);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return { socket, messages, closed, opened };
}

describe('WebSocket protocol edges', () => {
  it('closes with 3501 on a malformed frame', async () => {
    const raw = rawSocket();
    await raw.opened;
    raw.socket.send('{"id":1,"connect":');
    expect((await raw.closed).code).toBe(3501);
  });

  it('closes with 3501 when anything but connect comes first', async () => {
    const raw = rawSocket();
    await raw.opened;
    raw.socket.send('{"id":1,"subscribe":{"channel":"activity-board"}}');
    expect((await raw.closed).code).toBe(3501);
  });

  it('refuses publish (103), presence (108), an rpc method the gateway does not offer (104), duplicates (105)', async () => {
    const raw = rawSocket();
    await raw.opened;
    raw.socket.send(
      [
        '{"id":1,"connect":{"name":"js"}}',
        '{"id":2,"publish":{"channel":"activity-board","data":{}}}',
        '{"id":3,"presence":{"channel":"activity-board"}}',
        '{"id":4,"rpc":{"method":"x","data":{}}}',
        '{"id":5,"dance":{}}',
        '{"id":6,"subscribe":{"channel":"activity-board"}}',
        '{"id":7,"subscribe":{"channel":"activity-board"}}',
      ].join('\n'),
    );
    // Replies only (they carry the command's id): once subscribed, the socket also gets pushes of
    // `activity-board`, which on a shared Redis carries other test files' rounds, and pings.
    const replies = () =>
      new Map(
        raw.messages
          .map((m) => JSON.parse(m) as { id?: number; error?: { code: number } })
          .filter((r) => r.id !== undefined)
          .map((r) => [r.id, r]),
      );
    await vi.waitFor(() => expect([...replies().keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]));
    const byId = replies();
    expect(byId.get(2)?.error?.code).toBe(103);
    expect(byId.get(3)?.error?.code).toBe(108);
    // The support chat offers `support.send` (decision 071): `x` is a method nobody offers.
    expect(byId.get(4)?.error?.code).toBe(104);
    expect(byId.get(5)?.error?.code).toBe(104);
    expect(byId.get(6)).toEqual({ id: 6, subscribe: {} });
    expect(byId.get(7)?.error?.code).toBe(105);
    raw.socket.close();
  });

  it('pings with {} and closes with 3012 when no pong comes', async () => {
    const raw = rawSocket();
    await raw.opened;
    raw.socket.send('{"id":1,"connect":{}}');
    const closed = await raw.closed;
    expect(raw.messages).toContain('{}');
    expect(closed.code).toBe(3012);
  });

  it('closes a message over 64 KiB with 1009', async () => {
    const raw = rawSocket();
    await raw.opened;
    raw.socket.send(`{"id":1,"connect":{"data":"${'x'.repeat(70 * 1024)}"}}`);
    expect((await raw.closed).code).toBe(1009);
  });

  it('refuses the upgrade from a foreign origin and accepts an allowed one', async () => {
    const foreign = rawSocket({ origin: 'https://evil.example.com' });
    await expect(foreign.opened).rejects.toThrow(/403/);
    const allowed = rawSocket({ origin: 'https://play.example.com' });
    await allowed.opened;
    allowed.socket.close();
  });
});

describe('HTTP-streaming transport (centrifuge client, http_stream only)', () => {
  it('connects, subscribes through /emulation, receives publications and answers pings', async () => {
    const player = await registerPlayer(t);
    const client = httpStreamClient(t, { token: player.accessToken });
    clients.push(client);
    const channel = playerChannel('kyc', player.playerId);
    const sub = client.newSubscription(channel);
    const received: PublicationContext[] = [];
    sub.on('publication', (ctx) => received.push(ctx));
    sub.subscribe();
    client.connect();
    await sub.ready(5000);
    expect(client.state).toBe('connected');
    await t.broker.publish(channel, { verified: true });
    await vi.waitFor(() =>
      expect(received.map((p): unknown => p.data)).toEqual([{ verified: true }]),
    );
    // Pings every second, pong timeout half of it: still connected means pongs arrive.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(client.state).toBe('connected');
  });
});

describe('SSE and /emulation endpoints', () => {
  it('streams the connect reply as an event', async () => {
    const connect = encodeURIComponent('{"id":1,"connect":{"name":"js"}}');
    const controller = new AbortController();
    const res = await fetch(`${t.baseUrl}${REALTIME_PATHS.sse}?cf_connect=${connect}`, {
      signal: controller.signal,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('identity');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('\n\n'))
      text += new TextDecoder().decode((await reader.read()).value as Uint8Array);
    const reply = JSON.parse(text.trim().replace(/^data: /, '')) as {
      connect: { session: string };
    };
    expect(reply.connect.session).toEqual(expect.any(String));
    controller.abort();
  });

  it('answers 400 to an SSE request without cf_connect', async () => {
    expect((await fetch(`${t.baseUrl}${REALTIME_PATHS.sse}`)).status).toBe(400);
  });

  it('answers 400, 404, 413 and the preflight as the protocol says', async () => {
    const post = (body: string) =>
      fetch(`${t.baseUrl}${REALTIME_PATHS.emulation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await post('{nope')).status).toBe(400);
    expect((await post('{"session":"s","node":"n"}')).status).toBe(400);
    expect((await post('{"session":"s","node":"n","data":"{}"}')).status).toBe(404);
    expect(
      (await post(JSON.stringify({ session: 's', node: 'n', data: 'x'.repeat(70_000) }))).status,
    ).toBe(413);
    const preflight = await fetch(`${t.baseUrl}${REALTIME_PATHS.emulation}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://play.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://play.example.com');
  });
});
