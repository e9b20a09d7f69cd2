import { randomUUID } from 'node:crypto';
import {
  activityBoardSchema,
  winnersBoardSchema,
  winnersChannel,
  type DevRoundBody,
  type GameRoundSettledEvent,
  type RealtimeMessage,
  type WinnersBoard,
} from '@coinfall/shared';
import { createMemoryBroker } from '../../src/modules/realtime/memory-broker.ts';
import { createLiveBoardsRepo } from '../../src/modules/live-boards/live-boards.repo.ts';
import { createLiveBoardsService } from '../../src/modules/live-boards/live-boards.service.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10000' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
let eventIds = 50_000_000;

function round(over: Partial<GameRoundSettledEvent> = {}): GameRoundSettledEvent {
  return {
    roundId: randomUUID(),
    playerId: randomUUID(),
    nickname: 'ada',
    gameId: 'plinko',
    gameName: 'Plinko',
    currency: 'SC',
    bet: 100,
    payout: 1000,
    device: 'desktop',
    country: 'FR',
    settledAt: new Date().toISOString(),
    ...over,
  };
}

/** Records rounds as the game server will, and waits until the dispatcher handled them. */
async function settle(...rounds: GameRoundSettledEvent[]): Promise<void> {
  const outbox = createOutboxRepo(t.database.db);
  await t.database.db.transaction(async (tx) => {
    for (const r of rounds) {
      await outbox.record(tx, { type: 'game.round.settled', playerId: r.playerId, payload: r });
    }
  });
  t.app.eventDelivery.dispatcher.wake();
  await t.app.eventDelivery.dispatcher.idle();
}

async function winners(query: string): Promise<WinnersBoard> {
  const res = await t.app.inject({ method: 'GET', url: `/api/game/winners${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return winnersBoardSchema.parse(res.json());
}

async function activity() {
  const res = await t.app.inject({ method: 'GET', url: '/api/game/activity' });
  expect(res.statusCode, res.body).toBe(200);
  return activityBoardSchema.parse(res.json()).data;
}

describe('GET /api/game/winners', () => {
  it('shows the latest winners and the top 3 by multiplier, then payout, within 24 h', async () => {
    const ago = (h: number) => new Date(Date.now() - h * HOUR).toISOString();
    await settle(
      round({ country: 'DE', bet: 100, payout: 5000, settledAt: ago(30), nickname: 'old-50x' }),
      round({ country: 'DE', bet: 100, payout: 2000, settledAt: ago(5), nickname: '20x' }),
      round({ country: 'DE', bet: 10, payout: 200, settledAt: ago(4), nickname: '20x-small' }),
      round({ country: 'DE', bet: 100, payout: 600, settledAt: ago(3), nickname: '6x' }),
      round({ country: 'DE', bet: 100, payout: 3000, settledAt: ago(2), nickname: '30x' }),
      round({ country: 'DE', bet: 100, payout: 400, settledAt: ago(1), nickname: 'not-5x' }),
      round({ country: 'DE', device: 'mobile', payout: 9000, nickname: 'mobile' }),
      round({ country: 'IT', payout: 9000, nickname: 'italy' }),
    );
    const board = await winners('?device=desktop&country=DE');
    expect(board).toMatchObject({ device: 'desktop', country: 'DE' });
    expect(board.latest.map((w) => w.nickname)).toEqual([
      '30x',
      '6x',
      '20x-small',
      '20x',
      'old-50x',
    ]);
    expect(board.top.map((w) => w.nickname)).toEqual(['30x', '20x', '20x-small']);
    expect(board.top[0]).toMatchObject({ bet: 100, payout: 3000, multiplier: 30 });
    expect(JSON.stringify(board)).not.toMatch(/playerId/);
    expect((await winners('?device=mobile&country=DE')).latest.map((w) => w.nickname)).toEqual([
      'mobile',
    ]);
  });

  it('puts rounds of an unknown country on the US board, the default one', async () => {
    await settle(round({ country: null, device: 'mobile', nickname: 'nowhere' }));
    expect((await winners('?device=mobile')).latest.map((w) => w.nickname)).toContain('nowhere');
    expect((await winners('?device=mobile&country=FR')).latest).toEqual([]);
  });

  it('refuses a malformed country, naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/game/winners?country=fra' });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res).join()).toMatch(/country/);
  });
});

describe('GET /api/game/activity', () => {
  it('lists rounds that paid more than the stake, latest first, each event once', async () => {
    const win = round({ country: 'ES', bet: 100, payout: 150, nickname: 'small-win' });
    const loss = round({ country: 'ES', bet: 100, payout: 0, nickname: 'loss' });
    const push = round({ country: 'ES', bet: 100, payout: 100, nickname: 'push' });
    const partial = round({ country: 'ES', bet: 100, payout: 40, nickname: 'partial' });
    const ours = new Set([win, loss, push, partial].map((r) => r.roundId));
    const published: RealtimeMessage<{ roundId: string }>[] = [];
    // The board is one channel for everyone: on a shared Redis it also carries the rounds that
    // other test files settle at the same time, so only this test's rounds are counted.
    const off = t.app.eventDelivery.broker.onPublication((d) => {
      const message = d.publication.data as RealtimeMessage<{ roundId: string }>;
      // Another file's publication may not even be shaped as a message (a test's own payload).
      const roundId = (message as Partial<typeof message> | null)?.data?.roundId;
      if (d.channel === 'activity-board' && roundId && ours.has(roundId)) published.push(message);
    });
    await settle(push, partial, win, loss);
    off();
    const rows = await activity();
    expect(rows[0]).toMatchObject({ roundId: win.roundId, payout: 150, nickname: 'small-win' });
    for (const notWon of [loss, push, partial]) {
      expect(rows.map((r) => r.roundId)).not.toContain(notWon.roundId);
    }
    expect(published).toEqual([
      { event: 'activity-board.updated', id: expect.any(Number) as number, data: rows[0] },
    ]);

    // A redelivered event (at least once) adds no second row.
    await t.app.eventDelivery.liveBoards.onEvent({
      id: published[0]!.id!,
      type: 'game.round.settled',
      playerId: win.playerId,
      payload: win,
      occurredAt: new Date(),
    });
    expect((await activity()).filter((r) => r.roundId === win.roundId)).toHaveLength(1);
  });
});

describe('winners publications', () => {
  it('coalesce a burst of winners into one publication of the whole board', async () => {
    const broker = createMemoryBroker({ policy: { size: 10, ttlMs: 60_000 } });
    const boards = createLiveBoardsService({
      db: t.database.db,
      repo: createLiveBoardsRepo(t.database.db),
      broker,
      outbox: createOutboxRepo(t.database.db),
      log: { warn: () => undefined, error: () => undefined },
      debounceMs: 150,
    });
    const seen: RealtimeMessage<WinnersBoard>[] = [];
    broker.onPublication((d) => {
      if (d.channel === winnersChannel('mobile', 'NL'))
        seen.push(d.publication.data as RealtimeMessage<WinnersBoard>);
    });
    const settleDirect = (r: GameRoundSettledEvent) =>
      boards.onEvent({
        id: (eventIds += 1),
        type: 'game.round.settled',
        playerId: r.playerId,
        payload: r,
        occurredAt: new Date(),
      });
    for (const nickname of ['w1', 'w2', 'w3']) {
      await settleDirect(round({ device: 'mobile', country: 'NL', nickname }));
    }
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event).toBe('winners.updated');
    expect(seen[0]!.data.latest.map((w) => w.nickname)).toEqual(['w3', 'w2', 'w1']);

    // A later winner starts a new window: one more publication.
    await settleDirect(round({ device: 'mobile', country: 'NL', nickname: 'w4' }));
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toHaveLength(2);
    boards.stop();
  });
});

describe('POST /api/dev/rounds (sandbox)', () => {
  const body: DevRoundBody = {
    nickname: 'demo',
    gameId: 'plinko',
    gameName: 'Plinko',
    currency: 'GC',
    bet: 10,
    payout: 100,
    device: 'desktop',
    country: 'PT',
  };

  it('records a settled round that reaches the boards', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/rounds',
      headers: operatorHeaders(),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { roundId } = res.json<{ roundId: string }>();
    t.app.eventDelivery.dispatcher.wake();
    await t.app.eventDelivery.dispatcher.idle();
    const board = await winners('?device=desktop&country=PT');
    expect(board.latest.map((w) => w.roundId)).toEqual([roundId]);
  });

  it('answers 400 naming the bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/rounds',
      headers: operatorHeaders(),
      payload: { ...body, device: 'fridge' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(failedFields(res).join()).toMatch(/device/);
  });

  it('does not exist when the sandbox is off', async () => {
    const off = await createTestApp({ SANDBOX: 'off' });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/dev/rounds',
        headers: operatorHeaders(),
        payload: body,
      });
      expect(res.statusCode).toBe(404);
      expect((await off.app.inject({ url: '/api/game/activity' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('live rounds retention', () => {
  it('prunes rounds settled more than 7 days ago, keeps the rest', async () => {
    const ago = (days: number) => new Date(Date.now() - days * 24 * HOUR).toISOString();
    await settle(
      round({ country: 'BE', settledAt: ago(8), nickname: 'expired' }),
      round({ country: 'BE', settledAt: ago(6), nickname: 'kept' }),
    );
    expect((await winners('?country=BE')).latest).toHaveLength(2);
    await t.app.eventDelivery.liveBoards.prune();
    expect((await winners('?country=BE')).latest.map((w) => w.nickname)).toEqual(['kept']);
  });
});
