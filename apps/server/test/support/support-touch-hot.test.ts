import { sql } from 'drizzle-orm';
import { createSupportBatchRepo } from '../../src/modules/support/support-batch.repo.ts';
import { register } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { sent } from './support-fixtures.ts';

/**
 * Every chat message updates its conversation (the batch's touch, or the answered touch). Those
 * updates write no column of any index, so PostgreSQL makes them HOT: a new row version on the
 * same page and no new index entry in the table's five indexes (decision 080). The counts are the
 * connection's not yet reported (`pg_stat_xact_user_tables`), read before and after the touches in
 * one transaction, so no other connection's writes reach them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Updates {
  updated: number;
  hot: number;
}

describe("a message's touch of its conversation", () => {
  it('is a HOT update, for the player and for the agent', async () => {
    const player = await register(t);
    const message = await sent(t, player.accessToken, 'hello');
    const batch = createSupportBatchRepo();
    const counts = await t.database.db.transaction(async (tx) => {
      const read = async () => {
        const result: unknown = await tx.execute(sql`
          select n_tup_upd::int as updated, n_tup_hot_upd::int as hot
          from pg_stat_xact_user_tables where relname = 'support_conversations'`);
        return (result as { rows: Updates[] }).rows[0] ?? { updated: 0, hot: 0 };
      };
      const before = await read();
      const at = new Date();
      await batch.touch(
        tx,
        [{ id: message.conversationId, lastMessageId: message.id, locale: 'en' }],
        at,
      );
      await batch.touchAnswered(
        tx,
        [{ id: message.conversationId, lastMessageId: message.id }],
        at,
      );
      const after = await read();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(counts).toEqual({ updated: 2, hot: 2 });
  });
});
