import { randomUUID } from 'node:crypto';
import {
  playerQuestListSchema,
  playerQuestPackageListSchema,
  type PlayerQuest,
} from '@coinfall/shared';
import { questPackages, quests } from '../../src/db/schema/index.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import type { TestApp } from '../test-app.ts';
import { bearer } from '../player/player-fixtures.ts';

/**
 * Switches the seeded quests and chains off in this test app's own database, before any event is
 * delivered (the engine caches the catalogue): suites about something else count balances
 * exactly, and a quest reward (the first purchase's coins) would land in them whenever delivery
 * runs.
 */
export async function withoutQuests(t: TestApp): Promise<void> {
  await t.database.db.update(quests).set({ enabled: false });
  await t.database.db.update(questPackages).set({ enabled: false });
}

/** Reading a player's quests, and feeding the outbox as the game server does. */
export function retentionFixtures(t: TestApp) {
  const outbox = createOutboxRepo(t.database.db);

  /** Delivers the outbox until nothing is left (awards write events of their own). */
  async function deliverAll(): Promise<void> {
    const { dispatcher } = t.app.eventDelivery;
    for (let i = 0; i < 50; i += 1) {
      dispatcher.wake();
      await dispatcher.idle();
      if ((await outbox.countUndispatched()) === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('outbox not drained');
  }

  async function quests(token: string, query = ''): Promise<PlayerQuest[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/retention/player-quests${query}`,
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`player-quests: ${res.statusCode} ${res.body}`);
    return playerQuestListSchema.parse(res.json()).data;
  }

  async function packages(token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/retention/player-quest-packages',
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`packages: ${res.statusCode} ${res.body}`);
    return playerQuestPackageListSchema.parse(res.json()).data;
  }

  const byIdentity = (list: PlayerQuest[], identity: string): PlayerQuest => {
    const q = list.find((x) => x.identity === identity);
    if (!q) throw new Error(`no quest ${identity}`);
    return q;
  };

  /** A settled round as the game server records it (payload of game.round.settled). */
  async function recordRound(
    playerId: string,
    round: { game: string; currency: string; bet: number; payout: number },
  ): Promise<void> {
    await t.database.db.transaction((tx) =>
      outbox.record(tx, {
        type: 'game.round.settled',
        playerId,
        payload: {
          roundId: randomUUID(),
          playerId,
          nickname: 'tester',
          gameId: round.game,
          gameName: round.game,
          currency: round.currency,
          bet: round.bet,
          payout: round.payout,
          device: 'desktop',
          country: null,
          settledAt: new Date().toISOString(),
        },
      }),
    );
  }

  return { outbox, deliverAll, quests, packages, byIdentity, recordRound };
}
