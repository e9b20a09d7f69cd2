import {
  questFlags,
  type PlayerQuest,
  type PlayerQuestPackage,
  type QuestDefinition,
  type QuestPackageDefinition,
  type QuestStateValue,
  type QuestTask,
  type QuestTaskRule,
} from '@coinfall/shared';
import type { PlayerPackageRow, PlayerQuestRow, PlayerQuestTaskRow } from './player-quests.repo.ts';
import type { QuestPackageRow, QuestTaskRow, QuestWithTasks } from './quest-catalog.repo.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const ruleOf = (t: QuestTaskRow): QuestTaskRule => ({
  kind: t.kind,
  target: t.target,
  currency: t.currency,
  gameIdentities: t.gameIdentities ?? null,
  collection: t.collection,
  minMultiplier: t.minMultiplier,
});

export function toQuestDefinition(q: QuestWithTasks): QuestDefinition {
  return {
    id: q.id,
    identity: q.identity,
    name: q.name,
    description: q.description,
    image: q.image,
    activation: q.activation,
    tasks: q.tasks.map((t) => ({ id: t.id, name: t.name, ...ruleOf(t) })),
    reward: q.reward,
    packageId: q.packageId,
    position: q.position,
    startAt: q.startAt.toISOString(),
    endAt: iso(q.endAt),
  };
}

export function toPackageDefinition(
  p: QuestPackageRow,
  steps: QuestWithTasks[],
): QuestPackageDefinition {
  return {
    id: p.id,
    identity: p.identity,
    name: p.name,
    description: p.description,
    image: p.image,
    reward: p.reward ?? null,
    quests: steps.map(toQuestDefinition),
    startAt: p.startAt.toISOString(),
    endAt: iso(p.endAt),
  };
}

export function toQuestTask(progress: PlayerQuestTaskRow, rule: QuestTaskRow): QuestTask {
  return {
    id: progress.id,
    questId: progress.playerQuestId,
    playerId: progress.playerId,
    kind: rule.kind,
    name: rule.name,
    progress: progress.progress,
    target: rule.target,
    currency: rule.currency,
    isCompleted: progress.progress >= rule.target,
  };
}

/**
 * The tasks that moved, announced as one quest.tasks.updated per player (decision 073), each task
 * in its state after the move; players in the order their first task comes.
 */
export function tasksUpdatedEvents(moved: { progress: PlayerQuestTaskRow; rule: QuestTaskRow }[]) {
  const byPlayer = new Map<string, QuestTask[]>();
  for (const t of moved) {
    const tasks = byPlayer.get(t.progress.playerId) ?? [];
    tasks.push(toQuestTask(t.progress, t.rule));
    byPlayer.set(t.progress.playerId, tasks);
  }
  return [...byPlayer].map(([playerId, tasks]) => ({
    type: 'quest.tasks.updated' as const,
    playerId,
    payload: { playerId, tasks },
  }));
}

export function toPlayerQuest(
  row: PlayerQuestRow,
  def: QuestWithTasks,
  tasks: { progress: PlayerQuestTaskRow; rule: QuestTaskRow }[],
): PlayerQuest {
  const state = row.state as QuestStateValue;
  return {
    id: row.id,
    definitionId: def.id,
    playerId: row.playerId,
    state,
    identity: def.identity,
    name: def.name,
    description: def.description,
    image: def.image,
    tasks: tasks.map((t) => toQuestTask(t.progress, t.rule)),
    reward: def.reward,
    playerPackageId: row.playerPackageId,
    position: def.position,
    endAt: iso(def.endAt),
    createdAt: row.createdAt.toISOString(),
    activatedAt: iso(row.activatedAt),
    completedAt: iso(row.completedAt),
    awardedAt: iso(row.awardedAt),
    ...questFlags(state),
  };
}

export function toPlayerPackage(
  row: PlayerPackageRow,
  def: QuestPackageRow,
  steps: PlayerQuest[],
): PlayerQuestPackage {
  const state = row.state as QuestStateValue;
  return {
    id: row.id,
    definitionId: def.id,
    playerId: row.playerId,
    state,
    identity: def.identity,
    name: def.name,
    description: def.description,
    image: def.image,
    reward: def.reward ?? null,
    quests: [...steps].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
    endAt: iso(def.endAt),
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
    awardedAt: iso(row.awardedAt),
    ...questFlags(state),
  };
}
