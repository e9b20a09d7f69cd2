import { eq } from 'drizzle-orm';
import type { Centrifuge, DisconnectedContext, PublicationContext } from 'centrifuge';
import { PlayerStatus, REALTIME_DISCONNECT, playerChannel } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { TOKEN_ROTATION_GRACE_MS } from '../../src/platform/auth.fns.ts';
import {
  createListeningApp,
  createTestGateway,
  next,
  rawSocket,
  refreshThroughApi,
  registerPlayer,
  sleep,
  tokenClaims,
  tokenExpiringIn,
  wsClient,
  type RawSocket,
  type RealtimeTestApp,
  type TestGateway,
  type TestPlayer,
} from './realtime-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

/** Short timings for the gateway of its own (`g`); the app's gateway keeps the production ones. */
const STALE_MS = 150;
const EXPIRY_GRACE_MS = 300;

let t: RealtimeTestApp;
let g: TestGateway;
const clients: Centrifuge[] = [];
const sockets: RawSocket[] = [];
const track = (client: Centrifuge) => (clients.push(client), client);
const raw = (url: string, protocols?: string[]) => {
  const socket = rawSocket(url, protocols);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  t = await createListeningApp();
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
  g = await createTestGateway(t, {
    staleMs: STALE_MS,
    expiryGraceMs: EXPIRY_GRACE_MS,
    // No pings in the way of what these tests watch.
    pingMs: 60_000,
  });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const { socket } of sockets.splice(0)) socket.terminate();
});
afterAll(async () => {
  await g.close();
  await t.close();
});

/** A raw socket on `g`, connected with `token`. */
async function connected(token: string): Promise<RawSocket> {
  const socket = raw(g.wsUrl);
  await socket.opened;
  socket.send({ id: 1, connect: { token, name: 'js' } });
  await socket.reply(1);
  return socket;
}

describe('blocking a player', () => {
  async function block(player: TestPlayer) {
    await t.database.db
      .update(players)
      .set({ status: PlayerStatus.Blocked })
      .where(eq(players.id, player.playerId));
    // What blocking does after its commit: every node hears of the player (decision 009).
    await t.app.sessionChanges.publish({ playerIds: [player.playerId] });
  }

  it('closes every socket of the player at once with 4502, terminal, and no one else’s', async () => {
    const player = await registerPlayer(t);
    const bystander = await registerPlayer(t);
    const phone = track(wsClient(t, { token: player.accessToken }));
    const laptop = track(wsClient(t, { token: player.accessToken }));
    const other = track(wsClient(t, { token: bystander.accessToken }));
    for (const client of [phone, laptop, other]) client.connect();
    await Promise.all([phone.ready(3000), laptop.ready(3000), other.ready(3000)]);
    const dropped = [phone, laptop].map((c) => next<DisconnectedContext>(c, 'disconnected', 1000));
    await block(player);
    for (const ctx of await Promise.all(dropped)) {
      expect(ctx.code).toBe(REALTIME_DISCONNECT.playerBlocked.code);
    }
    // Terminal: the client does not come back on its own.
    await sleep(400);
    expect(phone.state).toBe('disconnected');
    expect(laptop.state).toBe('disconnected');
    expect(other.state).toBe('connected');
  });

  it('refuses a blocked player’s connect with 4502', async () => {
    const player = await registerPlayer(t);
    await block(player);
    const client = track(wsClient(t, { token: player.accessToken }));
    client.connect();
    const ctx = await next<DisconnectedContext>(client, 'disconnected');
    expect(ctx.code).toBe(REALTIME_DISCONNECT.playerBlocked.code);
    await sleep(300);
    expect(client.state).toBe('disconnected');
  });
});

describe('connection lifetime (short timings)', () => {
  it('closes a socket that never connects with 3502 after the stale delay, not before', async () => {
    // Timed from before the socket exists: the server's stale timer starts when it accepts the
    // socket, which a loaded machine may report to this client well after (the 'open' event).
    const startedAt = Date.now();
    const socket = raw(g.wsUrl);
    await socket.opened;
    const closed = await socket.closed;
    expect(closed.code).toBe(3502);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(STALE_MS - 10);
  });

  it('leaves a socket that connected in time alone past the stale delay', async () => {
    const player = await registerPlayer(t);
    const socket = await connected(player.accessToken);
    await sleep(STALE_MS + 100);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('closes with 3005 a connection whose token expired and was not refreshed, after the grace', async () => {
    const player = await registerPlayer(t);
    // Two seconds, not one: `exp` is in whole seconds, so "1 s left" could be 1 ms at connect.
    const token = await tokenExpiringIn(t, player, 2);
    const { exp } = tokenClaims(token);
    const socket = raw(g.wsUrl);
    await socket.opened;
    socket.send({ id: 1, connect: { token } });
    const reply = await socket.reply<{ connect: { expires: boolean; ttl: number } }>(1);
    expect(reply.connect.expires).toBe(true);
    expect(reply.connect.ttl).toBeLessThanOrEqual(2);
    const closed = await socket.closed;
    expect(closed.code).toBe(3005);
    // Not at exp: only once the grace is over too.
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 + EXPIRY_GRACE_MS - 5);
  });
});

describe('a token retired by a refresh through the API', () => {
  it('is answered 109 at connect once the grace is over, and the current token connects', async () => {
    const clock = { ms: Date.now() };
    const clocked = await createTestGateway(t, {}, { now: () => clock.ms });
    try {
      const player = await registerPlayer(t);
      const current = await refreshThroughApi(t, player);
      clock.ms += TOKEN_ROTATION_GRACE_MS + 1000;
      const retired = raw(clocked.wsUrl);
      await retired.opened;
      retired.send({ id: 1, connect: { token: player.accessToken, name: 'js' } });
      expect(await retired.reply<{ error: { code: number } }>(1)).toMatchObject({
        error: { code: 109 },
      });
      const renewed = raw(clocked.wsUrl);
      await renewed.opened;
      renewed.send({ id: 1, connect: { token: current, name: 'js' } });
      expect(await renewed.reply<{ connect?: object }>(1)).toHaveProperty('connect');
    } finally {
      await clocked.close();
    }
  });
});

describe('refresh command', () => {
  it('closes with 3005 on an expired token', async () => {
    const player = await registerPlayer(t);
    const socket = await connected(player.accessToken);
    socket.send({ id: 2, refresh: { token: await tokenExpiringIn(t, player, -5) } });
    expect((await socket.closed).code).toBe(3005);
  });

  it('closes with 3500 on a garbage token, and on another player’s token', async () => {
    const player = await registerPlayer(t);
    const other = await registerPlayer(t);
    const garbage = await connected(player.accessToken);
    garbage.send({ id: 2, refresh: { token: 'not.a.token' } });
    expect((await garbage.closed).code).toBe(3500);
    const foreign = await connected(player.accessToken);
    foreign.send({ id: 2, refresh: { token: other.accessToken } });
    expect((await foreign.closed).code).toBe(3500);
  });

  it('answers a newer token with expires and ttl, and the connection outlives the old expiry', async () => {
    const player = await registerPlayer(t);
    const shortToken = await tokenExpiringIn(t, player, 2);
    const socket = await connected(shortToken);
    const newer = await tokenExpiringIn(t, player, 60);
    socket.send({ id: 2, refresh: { token: newer } });
    const reply = await socket.reply<{
      refresh: { client: string; version: string; expires: boolean; ttl: number };
    }>(2);
    expect(reply.refresh.expires).toBe(true);
    expect(reply.refresh.client).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.refresh.version).not.toBe('');
    expect(reply.refresh.ttl).toBeGreaterThanOrEqual(59);
    expect(reply.refresh.ttl).toBeLessThanOrEqual(60);
    // Past the first token's exp and grace: the refresh moved the deadline.
    const { exp } = tokenClaims(shortToken);
    await sleep(exp * 1000 + EXPIRY_GRACE_MS + 150 - Date.now());
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });
});

describe('history command (centrifuge client)', () => {
  it('returns the player’s own channel: position, publications in order, limit, since, reverse', async () => {
    const player = await registerPlayer(t);
    const channel = playerChannel('wallet', player.playerId);
    for (const n of [1, 2, 3, 4, 5]) await t.broker.publish(channel, { n });
    const client = track(wsClient(t, { token: player.accessToken }));
    client.connect();
    await client.ready(3000);
    const data = (pubs: PublicationContext[]) => pubs.map((p) => (p.data as { n: number }).n);

    const top = await client.history(channel);
    expect(top.offset).toBe(5);
    expect(top.epoch).toMatch(/.+/);
    expect(top.publications).toEqual([]);

    const all = await client.history(channel, { limit: -1 });
    expect(all.epoch).toBe(top.epoch);
    expect(data(all.publications)).toEqual([1, 2, 3, 4, 5]);
    expect(all.publications.map((p) => p.offset)).toEqual([1, 2, 3, 4, 5]);

    expect(data((await client.history(channel, { limit: 2 })).publications)).toEqual([1, 2]);
    expect(data((await client.history(channel, { limit: 2, reverse: true })).publications)).toEqual(
      [5, 4],
    );
    const since = { offset: 2, epoch: top.epoch };
    expect(data((await client.history(channel, { limit: -1, since })).publications)).toEqual([
      3, 4, 5,
    ]);
    expect(data((await client.history(channel, { limit: 1, since })).publications)).toEqual([3]);
    await expect(
      client.history(channel, { limit: -1, since: { offset: 2, epoch: 'another-epoch' } }),
    ).rejects.toMatchObject({ code: 112 });
  });

  it('refuses another player’s channel with 103', async () => {
    const player = await registerPlayer(t);
    const other = await registerPlayer(t);
    const channel = playerChannel('wallet', other.playerId);
    await t.broker.publish(channel, { secret: true });
    const client = track(wsClient(t, { token: player.accessToken }));
    client.connect();
    await client.ready(3000);
    await expect(client.history(channel, { limit: -1 })).rejects.toMatchObject({ code: 103 });
  });
});

describe('what we do not offer', () => {
  it('answers sub_refresh with 108 and keeps the connection', async () => {
    const player = await registerPlayer(t);
    const socket = await connected(player.accessToken);
    const channel = playerChannel('bonuses', player.playerId);
    socket.send(
      { id: 2, subscribe: { channel, flag: 1 } },
      { id: 3, sub_refresh: { channel, token: 'x' } },
      { id: 4, ping: {} },
    );
    expect(await socket.reply(3)).toEqual({
      id: 3,
      error: { code: 108, message: 'not available' },
    });
    expect(await socket.reply(4)).toEqual({ id: 4, ping: {} });
  });

  it('refuses the Protobuf subprotocol alone, and picks JSON when both are offered', async () => {
    const protobuf = raw(g.wsUrl, ['centrifuge-protobuf']);
    await expect(protobuf.opened).rejects.toThrow(/400/);
    const both = raw(g.wsUrl, ['centrifuge-protobuf', 'centrifuge-json']);
    await both.opened;
    expect(both.socket.protocol).toBe('centrifuge-json');
  });
});

describe('slow consumers and floods', () => {
  it('closes a client that stops reading with 3008 once 1 MiB waits, and the others get everything', async () => {
    const player = await registerPlayer(t);
    const channel = playerChannel('wallet', player.playerId);
    const stuck = await connected(player.accessToken);
    stuck.send({ id: 2, subscribe: { channel, flag: 1 } });
    await stuck.reply(2);
    const reader = track(wsClient(g, { token: player.accessToken }));
    const sub = reader.newSubscription(channel);
    const offsets: number[] = [];
    sub.on('publication', (ctx) => offsets.push(ctx.offset ?? -1));
    sub.subscribe();
    reader.connect();
    await next(sub, 'subscribed');
    expect(g.gateway.connectionCount()).toBe(2);

    (stuck.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const payload = 'x'.repeat(32 * 1024);
    let published = 0;
    while (g.gateway.connectionCount() === 2) {
      if (published >= 2000) throw new Error('never dropped the slow consumer');
      await t.broker.publish(channel, { payload, n: published + 1 });
      published += 1;
      if (published % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // Kernel buffers took their share before a byte queued in the process: well over 1 MiB.
    expect(published * payload.length).toBeGreaterThan(1024 * 1024);
    await vi.waitFor(() => expect(offsets).toHaveLength(published), { timeout: 5000 });
    expect(offsets).toEqual(Array.from({ length: published }, (_, i) => i + 1));
    (stuck.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    expect((await stuck.closed).code).toBe(3008);
  });

  it('answers 64 frames queued at once, and closes with 3013 beyond', async () => {
    const player = await registerPlayer(t);
    async function burst(frames: number) {
      const socket = raw(g.wsUrl);
      await socket.opened;
      // One TCP write: the server takes every frame in before it answers any.
      const tcp = (socket.socket as unknown as { _socket: { cork(): void; uncork(): void } })
        ._socket;
      tcp.cork();
      socket.socket.send(JSON.stringify({ id: 1, connect: { token: player.accessToken } }));
      for (let id = 2; id <= frames; id += 1) socket.socket.send(JSON.stringify({ id, ping: {} }));
      tcp.uncork();
      return socket;
    }
    const within = await burst(64);
    await within.reply(64);
    expect(within.messages.filter((m) => m.endsWith('"ping":{}}'))).toHaveLength(63);
    expect(within.socket.readyState).toBe(within.socket.OPEN);

    const flood = await burst(65);
    const closed = await flood.closed;
    expect(closed).toEqual({ code: 3013, reason: 'too many requests' });
  });
});
