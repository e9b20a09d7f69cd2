import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { isLive } from './quest-eligibility.fns.ts';
import type { QuestCatalogRepo, QuestPackageRow, QuestWithTasks } from './quest-catalog.repo.ts';

/** The live definitions, as the engine reads them on every event. */
export interface LiveCatalog {
  /** Single quests and chain steps that are running now. */
  quests: QuestWithTasks[];
  packages: QuestPackageRow[];
  /** Digest of what is live: a player enrolled against another stamp is enrolled again. */
  stamp: string;
}

/**
 * The enabled definitions, read once per `ttlMs` per node rather than on every event (there are
 * tens, and they change when the back office edits them): an edit is seen within `ttlMs`.
 * Definitions a player's quest refers to are found even when no longer live (`byIds`).
 */
export function createQuestCatalog(deps: {
  repo: Pick<QuestCatalogRepo, 'listEnabled' | 'findQuests' | 'findPackages'>;
  ttlMs?: number;
}) {
  const ttlMs = deps.ttlMs ?? 10_000;
  let cached: { at: number; quests: QuestWithTasks[]; packages: QuestPackageRow[] } | null = null;

  async function enabled(tx: Database) {
    if (!cached || Date.now() - cached.at > ttlMs) {
      cached = { at: Date.now(), ...(await deps.repo.listEnabled(tx)) };
    }
    return cached;
  }

  return {
    async live(tx: Database, now: Date): Promise<LiveCatalog> {
      const all = await enabled(tx);
      const packages = all.packages.filter((p) => isLive(p, now));
      const livePackageIds = new Set(packages.map((p) => p.id));
      const quests = all.quests.filter((q) =>
        q.packageId === null ? isLive(q, now) : livePackageIds.has(q.packageId),
      );
      const stamp = createHash('sha1')
        .update(JSON.stringify([quests.map((q) => q.id), packages.map((p) => p.id)]))
        .digest('base64url');
      return { quests, packages, stamp };
    },

    async questsById(tx: Database, ids: number[]): Promise<Map<number, QuestWithTasks>> {
      const all = await enabled(tx);
      const found = new Map(all.quests.filter((q) => ids.includes(q.id)).map((q) => [q.id, q]));
      const missing = ids.filter((id) => !found.has(id));
      for (const q of await deps.repo.findQuests(tx, [...new Set(missing)])) found.set(q.id, q);
      return found;
    },

    async packagesById(tx: Database, ids: number[]): Promise<Map<number, QuestPackageRow>> {
      const all = await enabled(tx);
      const found = new Map(all.packages.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]));
      const missing = ids.filter((id) => !found.has(id));
      for (const p of await deps.repo.findPackages(tx, [...new Set(missing)])) found.set(p.id, p);
      return found;
    },

    /** Tests and the seed change definitions: read them again at the next call. */
    forget(): void {
      cached = null;
    },
  };
}
export type QuestCatalog = ReturnType<typeof createQuestCatalog>;
