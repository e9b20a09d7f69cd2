import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AnalyticsEventsRepo } from './analytics-events.repo.ts';

const DAY_MS = 86_400_000;
/** Days created ahead: a week of ingest survives a housekeeping that does not run. */
export const PARTITION_DAYS_AHEAD = 7;
/** Amplitude de-duplicates identical insert_ids within 7 days. */
export const DEDUPLICATION_MS = 7 * DAY_MS;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The events table's days: today's partition and the next week's exist, those older than the
 * retention are dropped, insert_ids older than the de-duplication window are forgotten. One node
 * at a time (an advisory lock); each step is a no-op when already done.
 */
export function createAnalyticsHousekeeping(deps: {
  db: Database;
  repo: AnalyticsEventsRepo;
  retentionDays: number;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { db, repo } = deps;

  async function ensurePartitions(): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockHousekeeping(tx);
      const existing = new Set((await repo.listPartitions(tx)).map((p) => p.day));
      const today = deps.now();
      for (let d = 0; d <= PARTITION_DAYS_AHEAD; d += 1) {
        const day = utcDay(today + d * DAY_MS);
        if (!existing.has(day)) await repo.createPartition(tx, day);
      }
    });
  }

  return {
    ensurePartitions,

    /** The hourly run (on the outbox leader): create ahead, drop past the retention, prune ids. */
    async run(): Promise<void> {
      await ensurePartitions();
      const oldestKept = utcDay(deps.now() - deps.retentionDays * DAY_MS);
      const dropped = await db.transaction(async (tx) => {
        await repo.lockHousekeeping(tx);
        const old = (await repo.listPartitions(tx)).filter((p) => p.day < oldestKept);
        for (const partition of old) await repo.dropPartition(tx, partition);
        return old.map((p) => p.day);
      });
      const forgotten = await repo.pruneInsertIds(db, new Date(deps.now() - DEDUPLICATION_MS));
      if (dropped.length > 0 || forgotten > 0) {
        deps.log.info({ dropped, forgotten }, 'analytics: old days dropped, old insert ids pruned');
      }
    },
  };
}
export type AnalyticsHousekeeping = ReturnType<typeof createAnalyticsHousekeeping>;
