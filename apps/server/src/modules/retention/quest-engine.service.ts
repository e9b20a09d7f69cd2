import { QuestState, type PlayerQuest, type QuestStateValue } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxRepo } from '../../platform/events/outbox.repo.ts';
import type { PlayerQuestRow, PlayerQuestsRepo } from './player-quests.repo.ts';
import type { QuestCatalog } from './quest-catalog.ts';
import type { QuestCatalogRepo } from './quest-catalog.repo.ts';
import { isEligible } from './quest-eligibility.fns.ts';
import {
  advanceTask,
  isTaskDone,
  needsCollections,
  type Occurrence,
} from './quest-progress.fns.ts';
import {
  countsProgress,
  initialQuestState,
  packageStateOf,
  questTransition,
} from './quest-state.fns.ts';
import { ruleOf, tasksUpdatedEvents, toPlayerQuest } from './quest-views.fns.ts';

export interface QuestEngineDeps {
  catalog: QuestCatalog;
  catalogRepo: Pick<QuestCatalogRepo, 'playerFacts' | 'collectionsOfGame'>;
  repo: PlayerQuestsRepo;
  outbox: Pick<OutboxRepo, 'record' | 'recordMany'>;
  now: () => Date;
}

/**
 * The quest engine's writes, each inside the caller's transaction: enrolment (a player gets the
 * live quests and chains they are eligible for), progress from an occurrence, completion and the
 * chain's next step. Every change is announced through the outbox (quest.updated,
 * quest.tasks.updated) in the same transaction; the award follows from the quest.updated of a
 * completion (quest-awards.service.ts).
 */
export function createQuestEngine(deps: QuestEngineDeps) {
  const { catalog, repo, outbox, now } = deps;

  async function present(tx: Database, rows: PlayerQuestRow[]): Promise<PlayerQuest[]> {
    if (rows.length === 0) return [];
    const defs = await catalog.questsById(tx, [...new Set(rows.map((r) => r.questId))]);
    const tasks = await repo.tasksOf(
      tx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const def = defs.get(r.questId);
      if (!def) throw new Error(`quest definition ${r.questId} vanished`);
      return toPlayerQuest(
        r,
        def,
        tasks.filter((t) => t.progress.playerQuestId === r.id),
      );
    });
  }

  async function announce(tx: Database, rows: PlayerQuestRow[]): Promise<PlayerQuest[]> {
    const quests = await present(tx, rows);
    for (const quest of quests) {
      await outbox.record(tx, {
        type: 'quest.updated',
        playerId: quest.playerId,
        payload: { playerId: quest.playerId, quest },
      });
    }
    return quests;
  }

  /**
   * Gives the player the live quests and chains they are eligible for and do not hold yet.
   * Skipped while the live catalogue is the one they were last enrolled against, unless `force`
   * (a purchase or a sign-in may have changed what they are eligible for).
   */
  async function enrol(tx: Database, playerId: string, force = false): Promise<void> {
    const at = now();
    const live = await catalog.live(tx, at);
    if (!force && (await repo.enrolmentStamp(tx, playerId)) === live.stamp) return;
    const facts = await deps.catalogRepo.playerFacts(tx, playerId);
    if (!facts) return;
    const held = await repo.heldDefinitions(tx, playerId);
    const created: PlayerQuestRow[] = [];
    const give = async (
      q: (typeof live.quests)[number],
      playerPackageId: number | null,
    ): Promise<void> => {
      const state = initialQuestState(q.activation, q.position);
      const row = await repo.insertQuest(
        tx,
        {
          questId: q.id,
          playerId,
          playerPackageId,
          state,
          activatedAt: state === QuestState.Activated ? at : null,
        },
        q.tasks.map((t) => t.id),
      );
      if (row) created.push(row);
    };
    for (const q of live.quests) {
      if (q.packageId !== null || held.questIds.has(q.id)) continue;
      if (isEligible(q.eligibility, facts, at)) await give(q, null);
    }
    for (const p of live.packages) {
      if (held.packageIds.has(p.id) || !isEligible(p.eligibility, facts, at)) continue;
      const steps = live.quests
        .filter((q) => q.packageId === p.id)
        .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
      if (steps.length === 0) continue;
      const pkg = await repo.insertPackage(tx, {
        packageId: p.id,
        playerId,
        state: QuestState.Activated,
      });
      // Null: another transaction enrolled the player in it meanwhile, steps and all.
      if (!pkg) continue;
      for (const step of steps) await give(step, pkg.id);
    }
    await repo.setEnrolmentStamp(tx, playerId, live.stamp);
    await announce(tx, created);
  }

  /** The quest is done: completed, and in a chain the next step opens. */
  async function complete(tx: Database, row: PlayerQuestRow): Promise<void> {
    const state = questTransition(row.state as QuestStateValue, 'complete', 'auto');
    if (state === null) return;
    const at = now();
    const done = await repo.updateQuest(tx, row.id, { state, completedAt: at });
    const changed = [done];
    if (row.playerPackageId !== null) {
      const pkg = await repo.lockPackage(tx, row.playerPackageId);
      if (pkg) {
        const steps = await repo.questsOfPackages(tx, [pkg.id]);
        const defs = await catalog.questsById(
          tx,
          steps.map((s) => s.questId),
        );
        const position = (s: PlayerQuestRow) => defs.get(s.questId)?.position ?? 0;
        const mine = position(row);
        // The nearest later step, not `mine + 1`: a chain's steps may be renumbered (decision 061).
        const next = steps
          .filter((s) => position(s) > mine)
          .sort((a, b) => position(a) - position(b))[0];
        const nextDef = next && defs.get(next.questId);
        const opened =
          next && nextDef
            ? questTransition(next.state as QuestStateValue, 'open', nextDef.activation)
            : null;
        if (next && opened !== null) {
          changed.push(
            await repo.updateQuest(tx, next.id, {
              state: opened,
              activatedAt: opened === QuestState.Activated ? at : null,
            }),
          );
        }
        const after = steps.map((s) => changed.find((c) => c.id === s.id) ?? s);
        const pkgState = packageStateOf(pkg.state as QuestStateValue, after);
        if (pkgState !== pkg.state) {
          await repo.updatePackage(tx, pkg.id, {
            state: pkgState,
            completedAt: pkgState === QuestState.Completed ? at : null,
          });
        }
      }
    }
    await announce(tx, changed);
  }

  /** Moves the player's activated quests by one occurrence (an event, applied once). */
  async function apply(tx: Database, playerId: string, occurrence: Occurrence): Promise<void> {
    const force = occurrence.kind === 'purchase' || occurrence.kind === 'login';
    await enrol(tx, playerId, force);
    const active = (await repo.lockQuests(tx, playerId, { states: [QuestState.Activated] })).filter(
      (q) => countsProgress(q.state),
    );
    if (active.length === 0) return;
    const tasks = await repo.tasksOf(
      tx,
      active.map((q) => q.id),
    );
    let o = occurrence;
    if (o.kind === 'round' && needsCollections(tasks.map((t) => ruleOf(t.rule)))) {
      o = { ...o, collections: await deps.catalogRepo.collectionsOfGame(tx, o.gameIdentity) };
    }
    // One statement for the progress and one for the events, however many quests move.
    const moved = new Set<number>();
    const changed: typeof tasks = [];
    for (const task of tasks) {
      const next = advanceTask(ruleOf(task.rule), task.progress, o);
      if (!next) continue;
      task.progress = { ...task.progress, progress: next.progress, seen: [...next.seen] };
      moved.add(task.progress.playerQuestId);
      changed.push(task);
    }
    await repo.updateTasks(
      tx,
      changed.map((t) => ({
        id: t.progress.id,
        progress: t.progress.progress,
        seen: t.progress.seen,
      })),
    );
    await outbox.recordMany(tx, tasksUpdatedEvents(changed));
    for (const quest of active) {
      if (!moved.has(quest.id)) continue;
      const mine = tasks.filter((t) => t.progress.playerQuestId === quest.id);
      const allDone = mine.every((t) =>
        isTaskDone({ progress: t.progress.progress, target: t.rule.target }),
      );
      if (allDone) await complete(tx, quest);
    }
  }

  /**
   * `apply` for a read of the outbox (decision 044): the occurrences, in event order, of many
   * players, with the same effect as `apply` one after the other — fewer statements and fewer
   * events. A player whose enrolment is stale, or with an occurrence that re-enrols (a purchase,
   * a sign-in), goes one occurrence at a time through `apply`. The others' activated quests are
   * locked in one statement, their tasks read in one, and every occurrence folded into the tasks
   * in memory, in order (`advanceTask`); each task that moved is written once and announced once
   * (`quest.tasks.updated`, one per player, each task in its state after the read: a task push
   * merges into the task). A quest whose tasks are all done stops its player's fold there: the
   * progress so far is written, the quest completed (and its chain's next step opened) as
   * `apply` does, and that player's remaining occurrences go through `apply`, so they count
   * towards the step just opened.
   */
  async function applyMany(
    tx: Database,
    items: { playerId: string; occurrence: Occurrence }[],
  ): Promise<void> {
    const byPlayer = new Map<string, Occurrence[]>();
    for (const { playerId, occurrence } of items) {
      const list = byPlayer.get(playerId);
      if (list) list.push(occurrence);
      else byPlayer.set(playerId, [occurrence]);
    }
    if (byPlayer.size === 0) return;
    const live = await catalog.live(tx, now());
    const stamps = await repo.enrolmentStamps(tx, [...byPlayer.keys()]);
    const fast: string[] = [];
    for (const [playerId, occurrences] of byPlayer) {
      const enrols = occurrences.some((o) => o.kind === 'purchase' || o.kind === 'login');
      if (!enrols && stamps.get(playerId) === live.stamp) {
        fast.push(playerId);
        continue;
      }
      for (const o of occurrences) await apply(tx, playerId, o);
    }
    if (fast.length === 0) return;
    const active = (await repo.lockQuestsOfPlayers(tx, fast, [QuestState.Activated])).filter((q) =>
      countsProgress(q.state),
    );
    if (active.length === 0) return;
    const tasks = await repo.tasksOf(
      tx,
      active.map((q) => q.id),
    );
    const collections = new Map<string, readonly string[]>();
    const changed = new Map<number, (typeof tasks)[number]>();
    const completing: { playerId: string; quests: PlayerQuestRow[]; rest: Occurrence[] }[] = [];
    for (const playerId of fast) {
      const quests = active.filter((q) => q.playerId === playerId);
      if (quests.length === 0) continue;
      const ids = new Set(quests.map((q) => q.id));
      const mine = tasks.filter((t) => ids.has(t.progress.playerQuestId));
      const needs = needsCollections(mine.map((t) => ruleOf(t.rule)));
      const occurrences = byPlayer.get(playerId)!;
      for (let i = 0; i < occurrences.length; i += 1) {
        let o = occurrences[i]!;
        if (o.kind === 'round' && needs) {
          let of = collections.get(o.gameIdentity);
          if (!of) {
            of = await deps.catalogRepo.collectionsOfGame(tx, o.gameIdentity);
            collections.set(o.gameIdentity, of);
          }
          o = { ...o, collections: of };
        }
        const moved = new Set<number>();
        for (const task of mine) {
          const next = advanceTask(ruleOf(task.rule), task.progress, o);
          if (!next) continue;
          task.progress = { ...task.progress, progress: next.progress, seen: [...next.seen] };
          moved.add(task.progress.playerQuestId);
          changed.set(task.progress.id, task);
        }
        const done = quests.filter(
          (q) =>
            moved.has(q.id) &&
            mine
              .filter((t) => t.progress.playerQuestId === q.id)
              .every((t) => isTaskDone({ progress: t.progress.progress, target: t.rule.target })),
        );
        if (done.length > 0) {
          completing.push({ playerId, quests: done, rest: occurrences.slice(i + 1) });
          break;
        }
      }
    }
    const moved = [...changed.values()];
    await repo.updateTasks(
      tx,
      moved.map((t) => ({
        id: t.progress.id,
        progress: t.progress.progress,
        seen: t.progress.seen,
      })),
    );
    await outbox.recordMany(tx, tasksUpdatedEvents(moved));
    for (const { playerId, quests, rest } of completing) {
      for (const quest of quests) await complete(tx, quest);
      for (const o of rest) await apply(tx, playerId, o);
    }
  }

  return {
    present,
    announce,
    enrol,

    apply,
    applyMany,
  };
}
export type QuestEngine = ReturnType<typeof createQuestEngine>;
