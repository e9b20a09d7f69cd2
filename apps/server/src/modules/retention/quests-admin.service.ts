import {
  QuestState,
  type AdminEnabledBody,
  type AdminQuest,
  type AdminQuestCreateBody,
  type AdminQuestList,
  type AdminQuestPackage,
  type AdminQuestPackageBody,
  type AdminQuestPackageCreateBody,
  type AdminQuestPackageStepsBody,
  type AdminQuestPackageList,
  type AdminQuestQuery,
  type AdminQuestUpdateBody,
  type QuestReward,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import { switchEnabled } from '../backoffice/enabled-switch.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { QuestCatalog } from './quest-catalog.ts';
import type { QuestPackageRow } from './quest-catalog.repo.ts';
import { chainStepsDiff, chainStepsProblem, fixedStepCount } from './quest-chain-steps.fns.ts';
import { ruleOf, toPackageDefinition, toQuestDefinition } from './quest-views.fns.ts';
import type { AdminQuestRecord, NewQuestTask, QuestsAdminRepo } from './quests-admin.repo.ts';

const toAdminQuest = (q: AdminQuestRecord): AdminQuest => ({
  ...toQuestDefinition(q),
  eligibility: q.eligibility,
  enabled: q.enabled,
  holders: q.holders,
});

const toAdminPackage = (
  p: QuestPackageRow,
  steps: AdminQuestRecord[],
  reached: ReadonlySet<number>,
): AdminQuestPackage => ({
  ...toPackageDefinition(p, steps),
  eligibility: p.eligibility,
  enabled: p.enabled,
  fixedSteps: fixedStepCount(steps.map((q) => ({ questId: q.id, reached: reached.has(q.id) }))),
});

const tasksOf = (body: AdminQuestUpdateBody): NewQuestTask[] =>
  body.tasks.map((t, i) => ({
    position: i + 1,
    kind: t.kind,
    name: t.name,
    target: t.target,
    currency: t.currency,
    gameIdentities: t.gameIdentities,
    collection: t.collection,
    minMultiplier: t.minMultiplier,
  }));

const sameRules = (held: AdminQuestRecord, body: AdminQuestUpdateBody) =>
  held.tasks.length === body.tasks.length &&
  held.tasks.every((t, i) => {
    const { name: _name, ...rule } = body.tasks[i]!;
    return JSON.stringify(ruleOf(t)) === JSON.stringify({ ...ruleOf(t), ...rule });
  });

/**
 * The operator's edits of quests and chains (decision 042). Definitions live in their tables;
 * the engine reads them through a per-node cache (decision 028), which each change clears after
 * it commits, so the engine sees it at the next event or quest list on this node (other nodes
 * within the cache's 10 s). A task players already progress on keeps its rule: only its name
 * may change while anyone holds the quest (their progress means what it meant).
 */
export function createQuestsAdminService(deps: {
  db: Database;
  repo: QuestsAdminRepo;
  catalog: Pick<QuestCatalog, 'forget'>;
  audit: Pick<AuditRepo, 'recordChange'>;
}) {
  const { db, repo } = deps;

  /** Runs a change, then drops the engine's cached catalogue (after the commit, not inside). */
  async function change<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    deps.catalog.forget();
    return result;
  }

  async function checkReward(tx: Database, reward: QuestReward | null, field: string) {
    if (reward && (reward.kind === 'bonus' || reward.kind === 'freespins')) {
      if (!(await repo.bonusSlugExists(tx, reward.bonusSlug))) {
        throw AppError.invalid(`${field}.bonusSlug`, 'No bonus definition has this slug');
      }
    }
  }

  async function lockedQuest(tx: Database, id: number) {
    const row = await repo.findQuest(tx, id, true);
    if (!row) throw AppError.notFound('Quest');
    return row;
  }

  async function lockedPackage(tx: Database, id: number) {
    const row = await repo.findPackage(tx, id, true);
    if (!row) throw AppError.notFound('Quest chain');
    return row;
  }

  async function view(tx: Database, id: number): Promise<AdminQuest> {
    const row = await repo.findQuest(tx, id);
    if (!row) throw AppError.notFound('Quest');
    return toAdminQuest(row);
  }

  /**
   * The quests a chain may take as its steps: existing, in no other chain (a quest has one
   * `package_id`), and no single quest players already hold (their progress would change
   * meaning). Each refusal names the list entry at fault.
   */
  async function checkSteps(tx: Database, packageId: number | null, questIds: number[]) {
    const found = await repo.lockQuests(tx, questIds);
    for (const [i, id] of questIds.entries()) {
      const field = `body.questIds.${i}`;
      const quest = found.get(id);
      if (!quest) throw AppError.invalid(field, 'No quest has this id');
      if (quest.packageId !== null && quest.packageId !== packageId) {
        throw new AppError('CONFLICT', `Quest ${quest.identity} is a step of another chain`, {
          fields: [{ field, message: 'In another chain' }],
        });
      }
      if (quest.packageId === null && quest.holders > 0) {
        throw new AppError(
          'CONFLICT',
          `${quest.holders} players hold ${quest.identity} as a single quest: it cannot join a chain`,
          { fields: [{ field, message: 'Held as a single quest' }] },
        );
      }
    }
  }

  /** The chain as staff see it: its steps, and how many of them players have fixed. */
  async function packageView(tx: Database, row: QuestPackageRow): Promise<AdminQuestPackage> {
    const steps = await repo.stepsOf(tx, row.id);
    const reached = await repo.reachedQuests(
      tx,
      steps.map((q) => q.id),
    );
    return toAdminPackage(row, steps, reached);
  }

  const packageTermsOf = (body: AdminQuestPackageBody) => ({
    name: body.name,
    description: body.description,
    image: body.image,
    reward: body.reward,
    eligibility: body.eligibility,
    startAt: new Date(body.startAt),
    endAt: body.endAt === null ? null : new Date(body.endAt),
  });

  const termsOf = (body: AdminQuestUpdateBody) => ({
    name: body.name,
    description: body.description,
    image: body.image,
    activation: body.activation,
    reward: body.reward,
    eligibility: body.eligibility,
    startAt: new Date(body.startAt),
    endAt: body.endAt === null ? null : new Date(body.endAt),
  });

  return {
    async listQuests(q: AdminQuestQuery): Promise<AdminQuestList> {
      const { rows, total } = await repo.listQuests(db, q);
      return { data: rows.map(toAdminQuest), meta: pageMeta(q.page, q.perPage, total) };
    },

    quest: (id: number) => view(db, id),

    createQuest: (actor: StaffActor, body: AdminQuestCreateBody) =>
      change(async (tx) => {
        await checkReward(tx, body.reward, 'body.reward');
        const id = await repo.insertQuest(
          tx,
          { identity: body.identity, enabled: body.enabled, ...termsOf(body) },
          tasksOf(body),
        );
        if (id === undefined) {
          throw new AppError('CONFLICT', 'A quest has this identity already', {
            fields: [{ field: 'body.identity', message: 'Taken' }],
          });
        }
        const after = await view(tx, id);
        await deps.audit.recordChange(
          tx,
          actor,
          'quest.created',
          { type: 'quest', id },
          { before: null, after: after, reason: body.reason },
        );
        return after;
      }),

    updateQuest: (actor: StaffActor, id: number, body: AdminQuestUpdateBody) =>
      change(async (tx) => {
        const held = await lockedQuest(tx, id);
        await checkReward(tx, body.reward, 'body.reward');
        if (held.holders === 0) {
          await repo.replaceTasks(tx, id, tasksOf(body));
        } else if (!sameRules(held, body)) {
          throw new AppError(
            'CONFLICT',
            `${held.holders} players hold this quest: its tasks' rules cannot change (names can)`,
            { fields: [{ field: 'body.tasks', message: 'Players progress on these rules' }] },
          );
        } else {
          for (const [i, task] of held.tasks.entries()) {
            await repo.renameTask(tx, task.id, body.tasks[i]!.name);
          }
        }
        await repo.updateQuest(tx, id, termsOf(body));
        const after = await view(tx, id);
        await deps.audit.recordChange(
          tx,
          actor,
          'quest.updated',
          { type: 'quest', id },
          { before: toAdminQuest(held), after: after, reason: body.reason },
        );
        return after;
      }),

    setQuestEnabled: (actor: StaffActor, id: number, body: AdminEnabledBody) =>
      change((tx) =>
        switchEnabled(tx, deps.audit, actor, body, {
          action: 'quest.updated',
          target: { type: 'quest', id },
          lock: () => lockedQuest(tx, id),
          write: async (enabled) => {
            await repo.updateQuest(tx, id, { enabled });
            return view(tx, id);
          },
        }),
      ),

    async listPackages(): Promise<AdminQuestPackageList> {
      const rows = await repo.listPackages(db);
      const reached = await repo.reachedQuests(
        db,
        rows.flatMap((r) => r.steps.map((q) => q.id)),
      );
      return { data: rows.map(({ steps, ...p }) => toAdminPackage(p, steps, reached)) };
    },

    createPackage: (actor: StaffActor, body: AdminQuestPackageCreateBody) =>
      change(async (tx) => {
        await checkReward(tx, body.reward, 'body.reward');
        await checkSteps(tx, null, body.questIds);
        const row = await repo.insertPackage(tx, {
          identity: body.identity,
          enabled: body.enabled,
          ...packageTermsOf(body),
        });
        if (!row) {
          throw new AppError('CONFLICT', 'A chain has this identity already', {
            fields: [{ field: 'body.identity', message: 'Taken' }],
          });
        }
        await repo.setSteps(tx, row.id, body.questIds);
        const after = await packageView(tx, row);
        await deps.audit.recordChange(
          tx,
          actor,
          'quest-package.created',
          { type: 'quest-package', id: row.id },
          { before: null, after, reason: body.reason },
        );
        return after;
      }),

    /**
     * A chain's steps, in order (decision 061). Steps any player has reached, and those before
     * them, stay in place (409 CHAIN_STEP_REACHED naming the entry). Players still walking the
     * chain get an added step, not reached yet; their unreached rows of a removed step go, and
     * that quest becomes a single quest again.
     */
    setPackageSteps: (actor: StaffActor, id: number, body: AdminQuestPackageStepsBody) =>
      change(async (tx) => {
        const row = await lockedPackage(tx, id);
        // Locked first: the engine opens a step only with its player's chain locked.
        const joined = await repo.lockPlayerPackages(tx, id);
        const before = await repo.stepsOf(tx, id);
        const beforeIds = before.map((q) => q.id);
        const reached = await repo.reachedQuests(tx, beforeIds);
        const current = beforeIds.map((questId) => ({ questId, reached: reached.has(questId) }));
        const problem = chainStepsProblem(current, body.questIds);
        if (problem) {
          const field = problem.index === null ? 'body.questIds' : `body.questIds.${problem.index}`;
          throw new AppError('CHAIN_STEP_REACHED', problem.message, {
            fields: [{ field, message: 'Players have reached the steps up to here' }],
            fixedSteps: fixedStepCount(current),
          });
        }
        await checkSteps(tx, id, body.questIds);
        const { added, removed } = chainStepsDiff(beforeIds, body.questIds);
        await repo.dropUnreachedSteps(
          tx,
          joined.map((p) => p.id),
          removed,
        );
        await repo.setSteps(tx, id, body.questIds);
        // Players who finished or ended the chain keep it as it was.
        const walking = joined.filter((p) => p.state === QuestState.Activated);
        for (const questId of added) await repo.giveStep(tx, walking, questId);
        const after = await packageView(tx, row);
        await deps.audit.recordChange(
          tx,
          actor,
          'quest-package.updated',
          { type: 'quest-package', id },
          {
            before: { questIds: beforeIds },
            after: { questIds: after.quests.map((q) => q.id), added, removed },
            reason: body.reason,
          },
        );
        return after;
      }),

    updatePackage: (actor: StaffActor, id: number, body: AdminQuestPackageBody) =>
      change(async (tx) => {
        const before = await lockedPackage(tx, id);
        await checkReward(tx, body.reward, 'body.reward');
        const was = await packageView(tx, before);
        const row = await repo.updatePackage(tx, id, packageTermsOf(body));
        if (!row) throw AppError.notFound('Quest chain');
        const after = await packageView(tx, row);
        await deps.audit.recordChange(
          tx,
          actor,
          'quest-package.updated',
          { type: 'quest-package', id },
          { before: was, after, reason: body.reason },
        );
        return after;
      }),

    setPackageEnabled: (actor: StaffActor, id: number, body: AdminEnabledBody) =>
      change((tx) =>
        switchEnabled(tx, deps.audit, actor, body, {
          action: 'quest-package.updated',
          target: { type: 'quest-package', id },
          lock: () => lockedPackage(tx, id),
          write: async (enabled) => {
            const row = await repo.updatePackage(tx, id, { enabled });
            if (!row) throw AppError.notFound('Quest chain');
            return packageView(tx, row);
          },
        }),
      ),
  };
}
export type QuestsAdminService = ReturnType<typeof createQuestsAdminService>;
