import { randomUUID } from 'node:crypto';
import type {
  Centrifuge,
  DisconnectedContext,
  PublicationContext,
  SubscribedContext,
  UnsubscribedContext,
} from 'centrifuge';
import {
  ACTIVITY_BOARD_CHANNEL,
  REALTIME_DISCONNECT,
  playerChannel,
  winnersChannel,
  type RealtimeMessage,
} from '@coinfall/shared';
import { bearer } from '../player/player-fixtures.ts';
import {
  createListeningApp,
  next,
  refreshThroughApi,
  registerPlayer,
  sleep,
  tokenExpiringIn,
  wsClient,
  type RealtimeTestApp,
} from './realtime-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

let t: RealtimeTestApp;
const clients: Centrifuge[] = [];
const track = (client: Centrifuge) => (clients.push(client), client);

beforeAll(async () => {
  t = await createListeningApp();
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await t.close();
});

describe('realtime gateway over WebSocket (centrifuge client)', () => {
  it('connects with the access token and delivers its wallet channel in offset order', async () => {
    const player = await registerPlayer(t);
    const client = track(wsClient(t, { token: player.accessToken }));
    const channel = playerChannel('wallet', player.playerId);
    const sub = client.newSubscription(channel);
    const received: PublicationContext[] = [];
    sub.on('publication', (ctx) => received.push(ctx));
    const subscribedEvent = next<SubscribedContext>(sub, 'subscribed');
    sub.subscribe();
    client.connect();
    const subscribed = await subscribedEvent;
    expect(subscribed.recoverable).toBe(true);
    for (const n of [1, 2, 3]) await t.broker.publish(channel, { n });
    await vi.waitFor(() => expect(received).toHaveLength(3));
    expect(received.map((p): unknown => p.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(received.map((p) => p.offset)).toEqual([1, 2, 3]);
  });

  it('refuses another player’s channel with 103 and leaves it unsubscribed', async () => {
    const player = await registerPlayer(t);
    const other = await registerPlayer(t);
    const client = track(wsClient(t, { token: player.accessToken }));
    const sub = client.newSubscription(playerChannel('bonuses', other.playerId));
    sub.subscribe();
    client.connect();
    const unsubscribed = await next<UnsubscribedContext>(sub, 'unsubscribed');
    expect(unsubscribed.code).toBe(103);
    expect(sub.state).toBe('unsubscribed');
  });

  it('lets a guest watch the public boards but not a player channel', async () => {
    const player = await registerPlayer(t);
    const client = track(wsClient(t));
    const winners = client.newSubscription(winnersChannel('desktop', 'US'));
    const activity = client.newSubscription(ACTIVITY_BOARD_CHANNEL);
    const wallet = client.newSubscription(playerChannel('wallet', player.playerId));
    // The board is one channel for everyone: on a shared Redis it also carries what other test
    // files publish at the same time, so only this test's publication (its marker) is counted.
    const marker = randomUUID();
    const boards: unknown[] = [];
    activity.on('publication', (ctx) => {
      const data = (ctx.data as Partial<RealtimeMessage<{ marker: string }>> | null)?.data;
      if (data?.marker === marker) boards.push(ctx.data);
    });
    for (const sub of [winners, activity, wallet]) sub.subscribe();
    client.connect();
    await Promise.all([winners.ready(3000), activity.ready(3000)]);
    expect((await next<UnsubscribedContext>(wallet, 'unsubscribed')).code).toBe(103);
    // Shaped as the board's messages are, for the other files listening on the shared channel.
    const message = { event: 'activity-board.updated', data: { win: 7, marker } };
    await t.broker.publish(ACTIVITY_BOARD_CHANNEL, message);
    await vi.waitFor(() => expect(boards).toEqual([message]));
  });

  it('answers an expired token with 109, then connects with the token getToken brings', async () => {
    const player = await registerPlayer(t);
    let asked = 0;
    const client = track(
      wsClient(t, {
        token: await tokenExpiringIn(t, player, -5),
        getToken: async () => {
          asked += 1;
          return refreshThroughApi(t, player);
        },
      }),
    );
    client.connect();
    await client.ready(5000);
    expect(asked).toBe(1);
    expect(client.state).toBe('connected');
  });

  it('lets the client refresh a short-lived token before it expires', async () => {
    const player = await registerPlayer(t);
    let asked = 0;
    const client = track(
      wsClient(t, {
        token: await tokenExpiringIn(t, player, 2),
        getToken: async () => {
          asked += 1;
          return refreshThroughApi(t, player);
        },
      }),
    );
    const disconnects: DisconnectedContext[] = [];
    client.on('disconnected', (ctx) => disconnects.push(ctx));
    client.connect();
    await client.ready(3000);
    await vi.waitFor(() => expect(asked).toBe(1), { timeout: 5000 });
    // The refresh reply arrived: the connection stayed up past the old token's exp.
    await sleep(1500);
    expect(client.state).toBe('connected');
    expect(disconnects).toEqual([]);
  });

  it('recovers the publications made while the client was away', async () => {
    const player = await registerPlayer(t);
    const channel = playerChannel('bonuses', player.playerId);
    const client = track(wsClient(t, { token: player.accessToken }));
    const sub = client.newSubscription(channel);
    const received: unknown[] = [];
    sub.on('publication', (ctx) => received.push(ctx.data));
    sub.subscribe();
    client.connect();
    await sub.ready(3000);
    await t.broker.publish(channel, 'before');
    await vi.waitFor(() => expect(received).toEqual(['before']));

    client.disconnect();
    await t.broker.publish(channel, 'while away 1');
    await t.broker.publish(channel, 'while away 2');
    const resubscribed = next<SubscribedContext>(sub, 'subscribed');
    client.connect();
    const ctx = await resubscribed;
    expect(ctx.wasRecovering).toBe(true);
    expect(ctx.recovered).toBe(true);
    await t.broker.publish(channel, 'after');
    await vi.waitFor(() =>
      expect(received).toEqual(['before', 'while away 1', 'while away 2', 'after']),
    );
  });

  it('stays disconnected after a bad token (3500)', async () => {
    const client = track(wsClient(t, { token: 'not.a.token' }));
    client.connect();
    const ctx = await next<DisconnectedContext>(client, 'disconnected');
    expect(ctx.code).toBe(3500);
    await sleep(400);
    expect(client.state).toBe('disconnected');
  });

  it('keeps a socket connected while the page refreshes its token (the rotation is told to every node)', async () => {
    const player = await registerPlayer(t);
    const client = track(wsClient(t, { token: player.accessToken }));
    const disconnects: DisconnectedContext[] = [];
    client.on('disconnected', (ctx) => disconnects.push(ctx));
    client.connect();
    await client.ready(3000);
    await refreshThroughApi(t, player);
    await sleep(300);
    expect(client.state).toBe('connected');
    expect(disconnects).toEqual([]);
  });

  it('disconnects a socket within a second of its session being closed elsewhere', async () => {
    const player = await registerPlayer(t);
    const second = await refreshThroughApi(t, player); // same session, still valid
    const client = track(wsClient(t, { token: second }));
    client.connect();
    await client.ready(3000);
    const disconnected = next<DisconnectedContext>(client, 'disconnected', 1000);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/player/sessions/${player.claims.sid}/close`,
      headers: bearer(player.accessToken),
    });
    expect(res.statusCode).toBe(204);
    expect((await disconnected).code).toBe(REALTIME_DISCONNECT.sessionEnded.code);
  });

  it('disconnects a socket within a second of a logout', async () => {
    const player = await registerPlayer(t);
    const client = track(wsClient(t, { token: player.accessToken }));
    client.connect();
    await client.ready(3000);
    const disconnected = next<DisconnectedContext>(client, 'disconnected', 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/player/sessions/logout',
      headers: bearer(player.accessToken),
    });
    expect(res.statusCode).toBe(204);
    expect((await disconnected).code).toBe(REALTIME_DISCONNECT.sessionEnded.code);
    await sleep(300);
    expect(client.state).toBe('disconnected');
  });
});

describe('realtime gateway shutdown', () => {
  it('tells connected clients to reconnect elsewhere (3001) when the node closes', async () => {
    const node = await createListeningApp();
    const player = await registerPlayer(node);
    const client = track(wsClient(node, { token: player.accessToken }));
    client.connect();
    await client.ready(3000);
    const connecting = next<{ code: number }>(client, 'connecting', 3000);
    await node.close();
    expect((await connecting).code).toBe(3001);
  });
});
