import {
  SUPPORT_MESSAGE_RATE,
  type Locale,
  type SupportAttachmentType,
  type SupportConversation,
  type SupportMessage,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { BatchWriter, ItemOutcome } from '../../platform/group-commit.ts';
import type { SupportAssignment } from './support-assignment.ts';
import type { SupportBatchRepo } from './support-batch.repo.ts';
import type { SupportPublication, SupportPublisher } from './support-publisher.ts';
import type { ConversationRow, MessageRow, SupportRepo } from './support.repo.ts';
import { markersOf, toMessage } from './support-views.fns.ts';

export interface AttachmentInput {
  name: string;
  contentType: SupportAttachmentType;
  size: number;
  sha256: string;
  storageKey: string;
}

/** A player's message as the API or the socket received it, checked and cleaned already. */
export interface PlayerMessageInput {
  playerId: string;
  text: string;
  clientMessageId: string | null;
  locale: Locale | undefined;
  attachment?: AttachmentInput;
}

/** The stored message; `duplicate` when the client id had been used (nothing new stored). */
export interface PlayerMessageOutcome {
  message: SupportMessage;
  duplicate: boolean;
}

const keyOf = (playerId: string, clientMessageId: string) => `${playerId}:${clientMessageId}`;

const rateLimited = () =>
  new AppError(
    'RATE_LIMITED',
    `At most ${SUPPORT_MESSAGE_RATE.limit} messages per ${SUPPORT_MESSAGE_RATE.windowMs / 1000} s`,
  );

/**
 * Writes a batch of player messages (decision 071): the open conversations locked once in id
 * order, retries and the rate limit read in one statement, the messages in one insert, the
 * conversations in one update, every publication in one outbox statement. A player without an
 * open conversation gets one (auto-assigned) on the way; that is the rare, first-message case.
 * Messages keep the batch's order, so one player's keep the order they were sent in.
 */
export function createPlayerMessageWriter(deps: {
  repo: SupportRepo;
  batch: SupportBatchRepo;
  publisher: SupportPublisher;
  assignment: Pick<SupportAssignment, 'forNewConversation'>;
  conversationOf: (tx: Database, row: ConversationRow) => Promise<SupportConversation>;
  now: () => Date;
}): BatchWriter<PlayerMessageInput, PlayerMessageOutcome> {
  const { repo, batch, publisher } = deps;

  /**
   * Opens the player's conversation (auto-assigned); the unique index settles a race with another
   * node, whose conversation is then the one (`opened` false: that node announced it).
   */
  async function open(tx: Database, playerId: string, at: Date) {
    const assignee = await deps.assignment.forNewConversation(tx);
    const created = await repo.open(tx, {
      playerId,
      status: assignee ? 'assigned' : 'waiting',
      assignedStaffId: assignee,
    });
    if (!created) {
      const raced = await repo.openOf(tx, playerId, true);
      if (!raced) throw new AppError('CONFLICT', 'The conversation changed; try again');
      return { conversation: raced, opened: false };
    }
    if (assignee) await repo.setLastAssigned(tx, assignee, at);
    return { conversation: created, opened: true };
  }

  /** The first message written with a client id, as its sender saw it. */
  async function earlier(tx: Database, playerId: string, clientMessageId: string) {
    const row = await repo.messageByClientId(tx, playerId, clientMessageId);
    if (!row) throw new Error(`support message ${clientMessageId} vanished`);
    return toMessage(row, markersOf(await repo.find(tx, row.conversationId)));
  }

  return async (tx, given) => {
    const at = deps.now();
    // The database compares uuids whatever their case; so must the keys below.
    const items = given.map((i) => ({
      ...i,
      clientMessageId: i.clientMessageId?.toLowerCase() ?? null,
    }));
    const playerIds = [...new Set(items.map((i) => i.playerId))];
    // The module's lock order is the assignment lock, then conversations, then agents: a batch
    // that may open a conversation (which assigns it) takes the assignment lock first.
    if ((await batch.openCount(tx, playerIds)) < playerIds.length) await repo.lockAssignment(tx);
    const conversations = new Map(
      (await batch.lockOpenOf(tx, playerIds)).map((c) => [c.playerId, c]),
    );
    const { used, recent } = await batch.activity(tx, {
      playerIds,
      clientIds: items.flatMap((i) => (i.clientMessageId ? [i.clientMessageId] : [])),
      conversationIds: [...conversations.values()].map((c) => c.id),
      windowMs: SUPPORT_MESSAGE_RATE.windowMs,
    });
    const usedKeys = new Set(used.map((u) => keyOf(u.playerId, u.clientMessageId)));
    const outcomes: (ItemOutcome<PlayerMessageOutcome> | null)[] = items.map(() => null);
    /** Items to write, and the first item of each client id seen in this batch. */
    const writes: number[] = [];
    const firstOfKey = new Map<string, number>();
    const repeats: [number, number][] = [];
    const sent = new Map<string, number>();
    const opened = new Set<string>();

    for (const [index, item] of items.entries()) {
      const key = item.clientMessageId ? keyOf(item.playerId, item.clientMessageId) : null;
      if (key && usedKeys.has(key)) {
        const message = await earlier(tx, item.playerId, item.clientMessageId!);
        outcomes[index] = { ok: { message, duplicate: true } };
        continue;
      }
      const first = key ? firstOfKey.get(key) : undefined;
      if (first !== undefined) {
        repeats.push([index, first]);
        continue;
      }
      let conversation = conversations.get(item.playerId);
      const count =
        (conversation ? (recent.get(conversation.id) ?? 0) : 0) + (sent.get(item.playerId) ?? 0);
      if (count >= SUPPORT_MESSAGE_RATE.limit) {
        outcomes[index] = { error: rateLimited() };
        continue;
      }
      if (!conversation) {
        const made = await open(tx, item.playerId, at);
        conversation = made.conversation;
        conversations.set(item.playerId, conversation);
        if (made.opened) opened.add(conversation.id);
      }
      sent.set(item.playerId, (sent.get(item.playerId) ?? 0) + 1);
      if (key) firstOfKey.set(key, index);
      writes.push(index);
    }

    const attachments = new Map<number, { id: string }>();
    for (const index of writes) {
      const { attachment, playerId } = items[index]!;
      if (!attachment) continue;
      const conversationId = conversations.get(playerId)!.id;
      attachments.set(
        index,
        await repo.insertAttachment(tx, { conversationId, playerId, ...attachment }),
      );
    }
    const rows = await batch.insertMessages(
      tx,
      writes.map((index) => {
        const item = items[index]!;
        return {
          conversationId: conversations.get(item.playerId)!.id,
          playerId: item.playerId,
          author: 'player' as const,
          text: item.text,
          attachmentId: attachments.get(index)?.id ?? null,
          clientMessageId: item.clientMessageId,
        };
      }),
    );
    if (rows.length !== writes.length) throw new Error('a batch message was not stored');

    const lastOf = new Map<string, { row: MessageRow; locale: Locale | null }>();
    writes.forEach((index, k) => {
      const row = rows[k]!;
      const previous = lastOf.get(row.conversationId);
      lastOf.set(row.conversationId, {
        row,
        locale: items[index]!.locale ?? previous?.locale ?? null,
      });
    });
    const touched = new Map(
      (
        await batch.touch(
          tx,
          [...lastOf].map(([id, last]) => ({
            id,
            lastMessageId: last.row.id,
            locale: last.locale,
          })),
          at,
        )
      ).map((c) => [c.id, c]),
    );

    const publications: SupportPublication[] = [];
    for (const [k, index] of writes.entries()) {
      const row = rows[k]!;
      const item = items[index]!;
      const attachment = item.attachment ? attachments.get(index) : undefined;
      const conversation = touched.get(row.conversationId)!;
      const message = toMessage(
        {
          ...row,
          attachment: attachment
            ? {
                id: attachment.id,
                name: item.attachment!.name,
                contentType: item.attachment!.contentType,
                size: item.attachment!.size,
              }
            : null,
          agentName: null,
        },
        markersOf(conversation),
      );
      outcomes[index] = { ok: { message, duplicate: false } };
      publications.push({ playerId: item.playerId, message: { ...message, internal: false } });
      if (opened.delete(conversation.id)) {
        publications.push({
          playerId: item.playerId,
          publication: {
            type: 'conversation',
            conversation: await deps.conversationOf(tx, conversation),
          },
        });
      }
    }
    // One refresh of the console's queue for the whole batch: it re-reads the queue anyway.
    if (writes.length > 0) publications.push({ playerId: null, publication: { type: 'queue' } });
    if (publications.length > 0) await publisher.all(tx, publications);

    for (const [index, first] of repeats) {
      const answer = outcomes[first]!;
      outcomes[index] = 'ok' in answer ? { ok: { ...answer.ok, duplicate: true } } : answer;
    }
    return outcomes.map((o) => o ?? { error: new Error('a batch item got no outcome') });
  };
}
