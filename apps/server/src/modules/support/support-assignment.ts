import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { chooseAgent, freeCapacity, planAssignments } from './support.fns.ts';
import type { SupportPublisher } from './support-publisher.ts';
import type { SupportRepo } from './support.repo.ts';
import { toConversation } from './support-views.fns.ts';

/**
 * Who gets a conversation without an agent choosing (decisions 040, 047): a new one goes to the
 * least busy online agent with room; waiting ones are handed out, longest waiting first, when
 * room appears (an agent comes online, closes or hands a conversation on).
 *
 * Every node may do either at once. The transaction-scoped advisory lock serialises them, so two
 * nodes never count the same free room twice; the waiting rows are read FOR UPDATE SKIP LOCKED
 * and assigned only if still waiting, so a conversation an agent takes meanwhile is left alone.
 * Lock order is always the advisory lock first, then conversation rows, then agent rows.
 */
export function createSupportAssignment(deps: {
  db: Database;
  repo: SupportRepo;
  publisher: SupportPublisher;
  /** Open conversations auto-assigned to one agent at most. */
  capacity: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, repo, publisher, capacity } = deps;
  const now = deps.now ?? (() => new Date());

  /** Hands out waiting conversations in one transaction; answers how many were assigned. */
  async function drain(): Promise<number> {
    return db.transaction(async (tx) => {
      await repo.lockAssignment(tx);
      const agents = await repo.agentLoads(tx);
      const room = freeCapacity(agents, capacity);
      if (room === 0) return 0;
      const waiting = await repo.waitingForAssignment(tx, room);
      const at = now();
      let assigned = 0;
      for (const step of planAssignments(agents, waiting, capacity, at)) {
        const row = await repo.assignIfWaiting(tx, step.conversationId, step.staffId);
        if (!row) continue;
        assigned += 1;
        await repo.setLastAssigned(tx, step.staffId, at);
        const name = agents.find((a) => a.staffId === step.staffId)?.displayName ?? null;
        const unread = await repo.unread(tx, row.id, 'player', row.playerReadUpTo);
        await publisher.toPlayer(tx, row.playerId, {
          type: 'conversation',
          conversation: toConversation(row, name, unread),
        });
        await publisher.toStaff(tx, {
          type: 'assigned',
          conversationId: row.id,
          staffId: step.staffId,
        });
      }
      if (assigned > 0) await publisher.toStaff(tx, { type: 'queue' });
      return assigned;
    });
  }

  return {
    /**
     * The agent for a conversation opened in `tx`, or null (it waits). Takes the assignment
     * lock: call it before touching any agent row in that transaction.
     */
    async forNewConversation(tx: Database): Promise<string | null> {
      await repo.lockAssignment(tx);
      return chooseAgent(await repo.agentLoads(tx), capacity);
    },

    drain,

    /**
     * `drain` after a change committed that may have made room. Its own transaction, so the
     * change never waits for the queue; a failure is logged and the next change retries it.
     */
    async drainAfterChange(): Promise<void> {
      await drain().catch((err: unknown) =>
        deps.log.error({ err }, 'support: waiting conversations not assigned'),
      );
    },
  };
}
export type SupportAssignment = ReturnType<typeof createSupportAssignment>;
