import type { SupportStaffMessage } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { BatchWriter, ItemOutcome } from '../../platform/group-commit.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import { isPlayerAway } from './support.fns.ts';
import type { SupportBatchRepo } from './support-batch.repo.ts';
import type { SupportPublication, SupportPublisher } from './support-publisher.ts';
import type { ConversationRow } from './support.repo.ts';
import { markersOf, toStaffMessage } from './support-views.fns.ts';

/** An agent's answer or internal note, its text checked and cleaned already. */
export interface AgentAnswerInput {
  actor: StaffActor;
  conversationId: string;
  text: string;
  internal: boolean;
}

/** The message as the console shows it; `away` when its player should get it by email. */
export interface AgentAnswerOutcome {
  message: SupportStaffMessage;
  away: boolean;
}

/**
 * Writes a batch of agents' answers and notes (decision 071), as the player's messages are:
 * the conversations locked once in id order, the messages in one insert, the answered
 * conversations in one update, every publication in one outbox statement. An answer to a closed
 * or unknown conversation is refused alone; answering a waiting one takes it first (the rare
 * case, statement by statement, audited).
 */
export function createAgentAnswerWriter(deps: {
  batch: SupportBatchRepo;
  publisher: SupportPublisher;
  /** The agent's presence row (created on first use): their display name. */
  ensureAgent: (tx: Database, actor: StaffActor) => Promise<{ displayName: string }>;
  /** Assigns a waiting conversation to the answering agent: the updated row. */
  take: (tx: Database, actor: StaffActor, row: ConversationRow) => Promise<ConversationRow>;
  now: () => Date;
}): BatchWriter<AgentAnswerInput, AgentAnswerOutcome> {
  const { batch, publisher } = deps;

  return async (tx, items) => {
    const at = deps.now();
    const names = new Map<string, string>();
    for (const { actor } of items) {
      if (!names.has(actor.staffId)) {
        names.set(actor.staffId, (await deps.ensureAgent(tx, actor)).displayName);
      }
    }
    const ids = [...new Set(items.map((i) => i.conversationId))];
    const rows = new Map((await batch.lockByIds(tx, ids)).map((c) => [c.id, c]));
    const outcomes: (ItemOutcome<AgentAnswerOutcome> | null)[] = items.map(() => null);
    const writes: number[] = [];
    for (const [index, item] of items.entries()) {
      const row = rows.get(item.conversationId);
      if (!row) {
        outcomes[index] = { error: AppError.notFound('Conversation') };
        continue;
      }
      if (row.status === 'closed') {
        outcomes[index] = { error: new AppError('CONFLICT', 'The conversation is closed') };
        continue;
      }
      if (!item.internal && row.status === 'waiting') {
        rows.set(row.id, await deps.take(tx, item.actor, row));
      }
      writes.push(index);
    }

    const inserted = await batch.insertMessages(
      tx,
      writes.map((index) => {
        const item = items[index]!;
        return {
          conversationId: item.conversationId,
          playerId: rows.get(item.conversationId)!.playerId,
          author: 'agent' as const,
          staffId: item.actor.staffId,
          internal: item.internal,
          text: item.text,
        };
      }),
    );
    if (inserted.length !== writes.length) throw new Error('a batch answer was not stored');

    const lastAnswer = new Map<string, number>();
    writes.forEach((index, k) => {
      if (!items[index]!.internal) lastAnswer.set(items[index]!.conversationId, inserted[k]!.id);
    });
    const answered = await batch.touchAnswered(
      tx,
      [...lastAnswer].map(([id, lastMessageId]) => ({ id, lastMessageId })),
      at,
    );
    for (const row of answered) rows.set(row.id, row);

    const publications: SupportPublication[] = [];
    for (const [k, index] of writes.entries()) {
      const item = items[index]!;
      const row = rows.get(item.conversationId)!;
      const view = {
        ...inserted[k]!,
        attachment: null,
        agentName: names.get(item.actor.staffId) ?? null,
      };
      const message = toStaffMessage(view, markersOf(row));
      publications.push({ playerId: row.playerId, message });
      // The locked row says whether the player is away now; the email checks it again.
      outcomes[index] = {
        ok: { message, away: !item.internal && isPlayerAway(row.playerSeenAt, at.getTime()) },
      };
    }
    // One refresh of the console's queue for the batch's answers (a note changes no queue).
    if (lastAnswer.size > 0) publications.push({ playerId: null, publication: { type: 'queue' } });
    if (publications.length > 0) await publisher.all(tx, publications);
    return outcomes.map((o) => o ?? { error: new Error('a batch answer got no outcome') });
  };
}
