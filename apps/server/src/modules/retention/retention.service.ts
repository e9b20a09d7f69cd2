import {
  QuestState,
  type PlayerQuest,
  type PlayerQuestList,
  type PlayerQuestListQuery,
  type PlayerQuestPackageList,
  type PlayerQuestPackageListQuery,
  type QuestDefinitionList,
  type QuestPackageDefinitionList,
  type QuestStateValue,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { PlayerQuestsRepo } from './player-quests.repo.ts';
import type { QuestCatalog } from './quest-catalog.ts';
import type { QuestCatalogRepo } from './quest-catalog.repo.ts';
import type { QuestEngine } from './quest-engine.service.ts';
import { questTransition } from './quest-state.fns.ts';
import { toPackageDefinition, toPlayerPackage, toQuestDefinition } from './quest-views.fns.ts';

type Page = { page: number; perPage: number };
const EXPIRY_BATCH = 500;

/** What the /api/retention quest routes do (spec §7 Retention), and the expiry job. */
export function createRetentionService(deps: {
  db: Database;
  repo: PlayerQuestsRepo;
  catalogRepo: Pick<QuestCatalogRepo, 'listSingleQuests' | 'listPackages' | 'listSteps'>;
  catalog: QuestCatalog;
  engine: QuestEngine;
  now: () => Date;
}) {
  const { db, repo, engine } = deps;

  return {
    /** The player's quests; a player who has none yet is enrolled first. */
    async listPlayerQuests(actor: Actor, query: PlayerQuestListQuery): Promise<PlayerQuestList> {
      return db.transaction(async (tx) => {
        await engine.enrol(tx, actor.playerId);
        const { rows, totalRows } = await repo.listQuests(
          tx,
          actor.playerId,
          query.state ?? [],
          query,
        );
        return {
          data: await engine.present(tx, rows),
          meta: pageMeta(query.page, query.perPage, totalRows),
        };
      });
    },

    async listPlayerPackages(
      actor: Actor,
      query: PlayerQuestPackageListQuery,
    ): Promise<PlayerQuestPackageList> {
      return db.transaction(async (tx) => {
        await engine.enrol(tx, actor.playerId);
        const { rows, totalRows } = await repo.listPackages(
          tx,
          actor.playerId,
          query.state ?? [],
          query,
        );
        const steps = await engine.present(
          tx,
          await repo.questsOfPackages(
            tx,
            rows.map((r) => r.id),
          ),
        );
        const defs = await deps.catalog.packagesById(
          tx,
          rows.map((r) => r.packageId),
        );
        return {
          data: rows.map((r) => {
            const def = defs.get(r.packageId);
            if (!def) throw new Error(`quest package ${r.packageId} vanished`);
            return toPlayerPackage(
              r,
              def,
              steps.filter((s) => s.playerPackageId === r.id),
            );
          }),
          meta: pageMeta(query.page, query.perPage, totalRows),
        };
      });
    },

    /** Single quests as defined (chain steps are listed with their chain). */
    async listQuests(page: Page): Promise<QuestDefinitionList> {
      const { rows, totalRows } = await deps.catalogRepo.listSingleQuests(db, page);
      return {
        data: rows.map(toQuestDefinition),
        meta: pageMeta(page.page, page.perPage, totalRows),
      };
    },

    async listPackages(page: Page): Promise<QuestPackageDefinitionList> {
      const { rows, totalRows } = await deps.catalogRepo.listPackages(db, page);
      const steps = await deps.catalogRepo.listSteps(
        db,
        rows.map((r) => r.id),
      );
      return {
        data: rows.map((p) =>
          toPackageDefinition(
            p,
            steps.filter((s) => s.packageId === p.id),
          ),
        ),
        meta: pageMeta(page.page, page.perPage, totalRows),
      };
    },

    /** PUT quests/{id}/activate: a manual quest (1) starts counting (2). */
    async activate(actor: Actor, playerQuestId: number): Promise<PlayerQuest> {
      return db.transaction(async (tx) => {
        const [row] = await repo.lockQuests(tx, actor.playerId, { ids: [playerQuestId] });
        if (!row) throw AppError.notFound('Quest');
        const state = questTransition(row.state as QuestStateValue, 'activate', 'manual');
        if (state === null) {
          throw new AppError('CONFLICT', 'This quest is not awaiting activation', {
            state: row.state,
          });
        }
        const updated = await repo.updateQuest(tx, row.id, { state, activatedAt: deps.now() });
        const [quest] = await engine.announce(tx, [updated]);
        if (!quest) throw new Error('activated quest not presented');
        return quest;
      });
    },

    /**
     * Housekeeping: quests still open when their definition ended become not accessible (6),
     * announced; a chain with such a step ends too. Batches, so a big end is several runs.
     */
    async expireEnded(): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await repo.lockEnded(tx, deps.now(), EXPIRY_BATCH);
        const ended = [];
        for (const row of rows) {
          ended.push(
            await repo.updateQuest(tx, row.id, { state: QuestState.NotAccessibleExpired }),
          );
          if (row.playerPackageId !== null) {
            const pkg = await repo.lockPackage(tx, row.playerPackageId);
            if (pkg && pkg.state === QuestState.Activated) {
              await repo.updatePackage(tx, pkg.id, { state: QuestState.NotAccessibleExpired });
            }
          }
        }
        await engine.announce(tx, ended);
        return ended.length;
      });
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
