import { QuestState, type QuestStateValue } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { PlayerRowLock } from '../wallet/wallet.service.ts';
import type { PlayerQuestsRepo } from './player-quests.repo.ts';
import type { QuestCatalog } from './quest-catalog.ts';
import type { QuestEngine } from './quest-engine.service.ts';
import type { QuestRewards } from './quest-rewards.ts';
import { questTransition } from './quest-state.fns.ts';

/**
 * Pays a completed quest's reward and marks it awarded (3 → 4), and a chain's once its last step
 * is awarded. Runs from the quest.updated event of the completion (an exactly-once consumer of
 * its own), so a reward that cannot be paid (a bonus definition gone) leaves the quest completed
 * and the event retried, never the progress undone. Paid once: the state is checked under the
 * quest's row lock, and every payment is keyed by the quest (decision 028).
 */
export function createQuestAwards(deps: {
  repo: PlayerQuestsRepo;
  catalog: QuestCatalog;
  engine: Pick<QuestEngine, 'announce'>;
  rewards: QuestRewards;
  players: PlayerRowLock;
  now: () => Date;
}) {
  const { repo, catalog, rewards, now } = deps;

  async function awardPackage(tx: Database, playerId: string, playerPackageId: number) {
    const pkg = await repo.lockPackage(tx, playerPackageId);
    if (!pkg || pkg.state !== QuestState.Completed) return;
    const steps = await repo.questsOfPackages(tx, [pkg.id]);
    if (!steps.every((s) => s.state === QuestState.Awarded)) return;
    const def = (await catalog.packagesById(tx, [pkg.packageId])).get(pkg.packageId);
    if (def?.reward) await rewards.pay(tx, playerId, def.reward, `quest-package:${pkg.id}`);
    await repo.updatePackage(tx, pkg.id, { state: QuestState.Awarded, awardedAt: now() });
  }

  return {
    async award(tx: Database, playerId: string, playerQuestId: number): Promise<void> {
      // Decision 010: the player's row first, as every service that moves their money.
      if (!(await deps.players.lockRow(tx, playerId))) return;
      const [row] = await repo.lockQuests(tx, playerId, { ids: [playerQuestId] });
      if (!row) return;
      const state = questTransition(row.state as QuestStateValue, 'award', 'auto');
      if (state === null) return;
      const def = (await catalog.questsById(tx, [row.questId])).get(row.questId);
      if (!def) throw new Error(`quest definition ${row.questId} vanished`);
      await rewards.pay(tx, playerId, def.reward, `quest:${row.id}`);
      const awarded = await repo.updateQuest(tx, row.id, { state, awardedAt: now() });
      if (row.playerPackageId !== null) await awardPackage(tx, playerId, row.playerPackageId);
      await deps.engine.announce(tx, [awarded]);
    },
  };
}
export type QuestAwards = ReturnType<typeof createQuestAwards>;
