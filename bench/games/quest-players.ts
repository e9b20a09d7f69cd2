/**
 * The games benchmark's quest players (issue 15): every seeded quest and chain is switched off,
 * then 20 quests that never complete (their targets are out of reach) are defined for one
 * segment, and the quest players are put in it. Their rounds then move 20 activated quests each
 * (a task update and its quest.task.updated event per quest and round, through the quest
 * engine's exactly-once consumer), while the other players' rounds move none.
 */
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { QuestTaskKind } from '@coinfall/shared';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  gameSessions,
  questEnrolments,
  questPackages,
  quests,
  questTasks,
} from '../../apps/server/src/db/schema/index.ts';

export const QUESTS_PER_PLAYER = 20;
/** A segment id no seed uses. */
const BENCH_QUEST_SEGMENT = 9_001;
const KINDS: QuestTaskKind[] = [
  'play-rounds',
  'wager',
  'play-distinct-games',
  'win',
  'win-multiplier',
];
const name = (text: string) => ({ en: text, es: text, 'pt-br': text });

/** Before the server starts (its catalogue cache then reads only these). */
export async function defineBenchQuests(db: Database): Promise<void> {
  await db.update(quests).set({ enabled: false });
  await db.update(questPackages).set({ enabled: false });
  for (let n = 0; n < QUESTS_PER_PLAYER; n += 1) {
    const [quest] = await db
      .insert(quests)
      .values({
        identity: `bench-quest-${n}`,
        name: name(`Bench quest ${n}`),
        description: name('Never completes'),
        reward: { kind: 'coins', currency: 'GC', amount: 100 },
        eligibility: { segmentIds: [BENCH_QUEST_SEGMENT] },
      })
      .returning({ id: quests.id });
    const kind = KINDS[n % KINDS.length]!;
    await db.insert(questTasks).values({
      questId: quest!.id,
      kind,
      name: name(kind),
      // Out of reach: progress moves on every round for the whole run.
      target: kind === 'play-distinct-games' ? 1_000 : 1_000_000_000_000,
      minMultiplier: kind === 'win-multiplier' ? 150 : null,
    });
  }
}

/** Puts the players of these game sessions in the quests' segment; they enrol at their next event. */
export async function joinBenchQuests(db: Database, gameSessionTokens: string[]): Promise<void> {
  const hashes = gameSessionTokens.map((t) => createHash('sha256').update(t).digest('hex'));
  const rows = await db
    .select({ playerId: gameSessions.playerId })
    .from(gameSessions)
    .where(inArray(gameSessions.tokenHash, hashes));
  const ids = rows.map((r) => r.playerId);
  await db.execute(sql`update players set segment_ids = array_append(segment_ids, ${BENCH_QUEST_SEGMENT})
    where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  // Enrolled at sign-up against the same catalogue, before the segment: forget it.
  await db.delete(questEnrolments).where(inArray(questEnrolments.playerId, ids));
}
