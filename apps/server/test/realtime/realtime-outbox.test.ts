import { randomUUID } from 'node:crypto';
import type { Centrifuge, PublicationContext } from 'centrifuge';
import {
  ACTIVITY_BOARD_CHANNEL,
  playerChannel,
  type ActivityBet,
  type RealtimeMessage,
  type WalletBalanceUpdatedEvent,
} from '@coinfall/shared';
import {
  createListeningApp,
  next,
  registerPlayer,
  wsClient,
  type RealtimeTestApp,
} from './realtime-fixtures.ts';
import { operatorHeaders } from '../test-app.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

/**
 * The whole path of decision 013, no shortcut: a change commits with its outbox row → the
 * dispatcher delivers it → the broker → the gateway → the official client.
 */
let t: RealtimeTestApp;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  t = await createListeningApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(() => t.close());

async function subscribed(client: Centrifuge, channel: string) {
  const sub = client.newSubscription(channel);
  const received: RealtimeMessage[] = [];
  sub.on('publication', (ctx: PublicationContext) => received.push(ctx.data as RealtimeMessage));
  const ready = next(sub, 'subscribed');
  sub.subscribe();
  client.connect();
  await ready;
  return received;
}

describe('outbox → gateway → centrifuge client', () => {
  it('a guest sees a settled round on the activity board', async () => {
    const client = wsClient(t);
    clients.push(client);
    const received = await subscribed(client, ACTIVITY_BOARD_CHANNEL);
    // The board is one channel for everyone: with a shared Redis (CI runs suites side by side),
    // other suites' rounds arrive here too. This test's round is the one with its nickname.
    const nickname = `snowfox${randomUUID().slice(0, 6)}`;
    const ours = () =>
      received.filter(
        (m) => (m as Partial<RealtimeMessage<ActivityBet>>).data?.nickname === nickname,
      ) as RealtimeMessage<ActivityBet>[];

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/rounds',
      headers: operatorHeaders(),
      payload: {
        gameId: 'dice',
        gameName: 'Dice',
        nickname,
        currency: 'SC',
        bet: 100,
        payout: 250,
        device: 'desktop',
        country: 'US',
      },
    });
    expect(res.statusCode, res.body).toBe(201);

    await vi.waitFor(() => expect(ours()).toHaveLength(1), { timeout: 3000 });
    const [message] = ours();
    expect(message!.event).toBe('activity-board.updated');
    expect(message!.data).toMatchObject({ gameName: 'Dice', nickname, payout: 250 });
    expect(message!.data).not.toHaveProperty('playerId');
  });

  it('a credit moves the player’s balance and the new balance arrives on their wallet channel', async () => {
    const player = await registerPlayer(t);
    const client = wsClient(t, { token: player.accessToken });
    clients.push(client);
    const received = await subscribed(client, playerChannel('wallet', player.playerId));

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dev/players/${player.playerId}/sweeps-credit`,
      headers: operatorHeaders(),
      payload: { amount: 1_500, playedThrough: false, requestKey: `credit-${randomUUID()}` },
    });
    expect(res.statusCode, res.body).toBe(200);

    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0), { timeout: 3000 });
    const message = received.at(-1) as RealtimeMessage<WalletBalanceUpdatedEvent>;
    expect(message.event).toBe('wallet.balance.updated');
    expect(message.data.accounts).toEqual([
      expect.objectContaining({ playerId: player.playerId, currency: 'SC', balance: 1_500 }),
    ]);
  });
});
