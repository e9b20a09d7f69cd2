import { sql } from 'drizzle-orm';
import { QuestState } from '@coinfall/shared';
import { createOutboxDispatcher } from '../../src/platform/events/outbox-dispatcher.ts';
import { createEmbeddedLeadership } from '../../src/platform/events/outbox-leadership.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import { register } from '../player/player-fixtures.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { retentionFixtures } from './retention-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('two dispatchers racing over the same outbox', () => {
  it('pays every award once and counts every round once', async () => {
    const f = retentionFixtures(t);
    const other = await createClockedApp(t);
    onTestFinished(() => other.app.close());
    // The apps' own delivery stops: the two racers below are the only ones reading.
    await t.app.eventDelivery.dispatcher.stop();
    await other.app.eventDelivery.dispatcher.stop();

    const players = await Promise.all([register(t), register(t), register(t)]);
    for (const p of players) await f.quests(p.accessToken);
    // Enough to complete the chain's first step (3 rounds) and move first-rounds to 5 of 10.
    for (let i = 0; i < 5; i += 1) {
      for (const p of players) {
        await f.recordRound(p.profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
      }
    }

    // Both always lead (as a leader that lost its lock but has not noticed does), one per app.
    const racers = [t.app, other.app].map((app) => {
      const d = createOutboxDispatcher({
        repo: createOutboxRepo(t.database.background),
        leadership: createEmbeddedLeadership(),
        log: quiet,
        batchSize: 4,
        pollMs: 5,
        retryMs: 5,
      });
      for (const handler of app.retention.handlers) d.on(handler);
      return d;
    });
    await Promise.all(racers.map((d) => d.start()));
    const deadline = Date.now() + 20_000;
    while ((await f.outbox.countUndispatched()) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(racers.map((d) => d.stop()));
    expect(await f.outbox.countUndispatched()).toBe(0);

    for (const p of players) {
      const quests = await f.quests(p.accessToken);
      expect(f.byIdentity(quests, 'first-rounds').tasks[0]!.progress).toBe(5);
      expect(f.byIdentity(quests, 'getting-started-1').state).toBe(QuestState.Awarded);
      // Two rounds after step 1 completed count for step 2 (distinct games: dice only).
      expect(f.byIdentity(quests, 'getting-started-2').tasks[0]!.progress).toBe(1);
      const result: unknown = await t.database.db.execute(sql`select count(*)::int as n
        from ledger_transactions where kind = 'quest.reward' and player_id = ${p.profile.id}`);
      expect((result as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    }
    await t.app.eventDelivery.dispatcher.start();
  });
});
