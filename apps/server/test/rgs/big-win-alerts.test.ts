import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GameRoundSettledEvent } from '@coinfall/shared';
import { createBigWinAlertsRepo } from '../../src/modules/rgs/big-win-alerts.repo.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

function round(over: Partial<GameRoundSettledEvent> = {}): GameRoundSettledEvent {
  return {
    roundId: randomUUID(),
    playerId: randomUUID(),
    nickname: 'ada',
    gameId: 'limbo',
    gameName: 'Limbo',
    currency: 'SC',
    bet: 100,
    payout: 200,
    device: 'desktop',
    country: 'US',
    settledAt: new Date().toISOString(),
    ...over,
  };
}

/** Records each round's event as the game server does, and waits until it was handled. */
async function settle(t: TestApp, ...rounds: GameRoundSettledEvent[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    for (const r of rounds) {
      await createOutboxRepo(t.database.db).record(tx, {
        type: 'game.round.settled',
        playerId: r.playerId,
        payload: r,
      });
    }
  });
  t.app.eventDelivery.dispatcher.wake();
  await t.app.eventDelivery.dispatcher.idle();
}

/** The player's alerts once none is pending any more (the Slack post runs after the handler). */
async function alertsOf(t: TestApp, playerId: string) {
  const repo = createBigWinAlertsRepo(t.database.db);
  await vi.waitFor(async () => {
    const rows = await repo.ofPlayer(playerId);
    expect(rows.filter((r) => r.delivery === 'pending')).toEqual([]);
  });
  return repo.ofPlayer(playerId);
}

describe('big-win alerts (spec §9 /slack/big-wins)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({});
  });
  afterAll(() => t.close());

  it('records a round of 100× the stake or of 500 SC, once, and nothing smaller', async () => {
    const playerId = randomUUID();
    const multiple = round({ playerId, currency: 'GC', bet: 10, payout: 1_000 });
    const sweeps = round({ playerId, currency: 'SC', bet: 10_000, payout: 50_000 });
    await settle(
      t,
      multiple,
      sweeps,
      round({ playerId, currency: 'GC', bet: 10, payout: 990 }),
      round({ playerId, currency: 'GC', bet: 1_000_000, payout: 50_000 }),
      round({ playerId, currency: 'SC', bet: 10_000, payout: 49_999 }),
    );
    // The same round announced again (a redelivery, or a replayed event): still one alert.
    await settle(t, multiple);
    const rows = await alertsOf(t, playerId);
    expect(rows.map((r) => r.roundId).sort()).toEqual([multiple.roundId, sweeps.roundId].sort());
    expect(rows.find((r) => r.roundId === sweeps.roundId)).toMatchObject({
      game: 'limbo',
      currency: 'SC',
      bet: 10_000,
      payout: 50_000,
      delivery: 'not_configured',
    });
  });
});

describe('big-win alerts with a Slack webhook', () => {
  let t: TestApp;
  let server: Server;
  let status = 200;
  const received: { path: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: data });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ SLACK_WEBHOOK_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the blocks to /slack/big-wins and records sent, or failed when Slack refuses', async () => {
    const playerId = randomUUID();
    const sent = round({ playerId, bet: 20, payout: 2_000, gameName: 'Frosty Fortunes' });
    await settle(t, sent);
    expect(await alertsOf(t, playerId)).toMatchObject([
      { roundId: sent.roundId, delivery: 'sent' },
    ]);
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/slack/big-wins');
    const body = JSON.parse(received[0]!.body) as { blocks: { type: string }[] };
    expect(body.blocks[0]?.type).toBe('header');
    expect(received[0]?.body).toContain(sent.roundId);
    expect(received[0]?.body).toContain('Frosty Fortunes');
    expect(received[0]?.body).toContain('100.00× the stake of 20');

    status = 500;
    const refused = round({ playerId, bet: 20, payout: 4_000 });
    await settle(t, refused);
    const rows = await alertsOf(t, playerId);
    expect(rows.find((r) => r.roundId === refused.roundId)?.delivery).toBe('failed');
    expect(received).toHaveLength(2);
  });
});
