import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  SupportAgentList,
  SupportCannedBody,
  SupportCannedList,
  SupportCannedReply,
  SupportConversationDetail,
  SupportPresenceBody,
  SupportQueueList,
  SupportQueueQuery,
  SupportRealtimeToken,
  SupportStaffMessage,
  SupportStaffSendBody,
} from '@coinfall/shared';
import { SUPPORT_STAFF_CHANNEL } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createGroupCommit } from '../../platform/group-commit.ts';
import { SQL_STATE, hasSqlState } from '../../platform/sql-state.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import {
  displayNameFromEmail,
  isPlayerAway,
  preview,
  sanitiseText,
  textRefusal,
  typingAllowed,
} from './support.fns.ts';
import type { SupportAssignment } from './support-assignment.ts';
import type { SupportContextRepo } from './support-context.repo.ts';
import { supportReplyMail } from './support-mail.fns.ts';
import type { SupportPasses } from './support-passes.ts';
import type { SupportPublisher } from './support-publisher.ts';
import type { ConversationRow, SupportRepo } from './support.repo.ts';
import { createAgentAnswerWriter } from './support-answer.ts';
import { createSupportBatchRepo } from './support-batch.repo.ts';
import { forgetOldTyping } from './support.service.ts';
import { markersOf, toConversation, toStaffMessage } from './support-views.fns.ts';

const DETAIL_MESSAGES = 200;

/**
 * The agents' console (decision 040): the queue, a conversation with the player beside it,
 * take / transfer / close / reopen (audited), replies and internal notes, read receipts, typing,
 * canned replies (audited), presence, and the staff realtime token.
 */
export function createSupportConsoleService(deps: {
  db: Database;
  repo: SupportRepo;
  context: SupportContextRepo;
  publisher: SupportPublisher;
  assignment: Pick<SupportAssignment, 'drainAfterChange'>;
  audit: Pick<AuditRepo, 'insert'>;
  passes: Pick<SupportPasses, 'staffRealtimeToken'>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, repo, publisher } = deps;
  const now = deps.now ?? (() => new Date());
  const typingSentAt = new Map<string, number>();

  async function agentName(tx: Database, staffId: string | null) {
    if (!staffId) return null;
    return (await repo.agent(tx, staffId))?.displayName ?? null;
  }

  async function locked(tx: Database, id: string): Promise<ConversationRow> {
    const row = await repo.find(tx, id, true);
    if (!row) throw AppError.notFound('Conversation');
    return row;
  }

  /** The conversation as the player's widget shows it, pushed after a change of state. */
  async function announce(tx: Database, row: ConversationRow) {
    const unread = await repo.unread(tx, row.id, 'player', row.playerReadUpTo);
    await publisher.toPlayer(tx, row.playerId, {
      type: 'conversation',
      conversation: toConversation(row, await agentName(tx, row.assignedStaffId), unread),
    });
    await publisher.toStaff(tx, { type: 'queue' });
  }

  /** An agent must have a presence row (a display name) before players can see them. */
  async function ensureAgent(tx: Database, actor: StaffActor) {
    const agent = await repo.agent(tx, actor.staffId);
    if (agent) return agent;
    const at = now();
    await repo.upsertAgent(tx, {
      staffId: actor.staffId,
      displayName: displayNameFromEmail(actor.email),
      presence: 'away',
      at,
    });
    return (await repo.agent(tx, actor.staffId))!;
  }

  async function assign(
    tx: Database,
    actor: StaffActor,
    row: ConversationRow,
    to: string,
    action: 'support.taken' | 'support.transferred',
  ) {
    if (row.status === 'closed') throw new AppError('CONFLICT', 'The conversation is closed');
    const at = now();
    const updated = await repo.update(tx, row.id, { status: 'assigned', assignedStaffId: to });
    await repo.setLastAssigned(tx, to, at);
    await deps.audit.insert(tx, {
      staffId: actor.staffId,
      action,
      targetType: 'support_conversation',
      targetId: row.id,
      before: { status: row.status, assignedStaffId: row.assignedStaffId },
      after: { status: updated.status, assignedStaffId: to },
      requestId: actor.requestId,
    });
    await announce(tx, updated);
    return updated;
  }

  /** Every answer and note goes through one group commit (decision 071). */
  const answers = createGroupCommit({
    db,
    write: createAgentAnswerWriter({
      batch: createSupportBatchRepo(),
      publisher,
      ensureAgent,
      take: (tx, actor, row) => assign(tx, actor, row, actor.staffId, 'support.taken'),
      now,
    }),
  });

  /** Emails the agent's answers the player has not seen, when the player is away; each once. */
  async function emailIfAway(conversationId: string): Promise<void> {
    const mail = await db.transaction(async (tx) => {
      const row = await repo.find(tx, conversationId, true);
      if (!row || !isPlayerAway(row.playerSeenAt, now().getTime())) return null;
      const after = Math.max(row.emailedUpTo, row.playerReadUpTo);
      const replies = await repo.agentRepliesAfter(tx, row.id, after);
      const player = await deps.context.player(tx, row.playerId);
      if (replies.length === 0 || !player) return null;
      await repo.update(tx, row.id, { emailedUpTo: replies[replies.length - 1]!.id });
      return supportReplyMail(row.locale, player.email, replies, deps.publicUrl);
    });
    if (!mail) return;
    // Sent after the commit: a failed send is logged, and the marker keeps it from repeating.
    await deps.mailer
      .send(mail)
      .catch((err: unknown) => deps.log.error({ err }, 'support: reply email not sent'));
  }

  return {
    async queue(actor: StaffActor, query: SupportQueueQuery): Promise<SupportQueueList> {
      const assignee = query.assignee === 'me' ? actor.staffId : query.assignee;
      const { rows, total } = await repo.queue(db, { ...query, assignee });
      const ids = [...new Set(rows.map((r) => r.conversation.playerId))];
      const players = new Map(
        await Promise.all(ids.map(async (id) => [id, await deps.context.player(db, id)] as const)),
      );
      return {
        data: rows.map(({ conversation: c, ...r }) => {
          const player = players.get(c.playerId);
          return {
            id: c.id,
            player: {
              id: c.playerId,
              nickname: player?.nickname ?? null,
              email: player?.email ?? '',
            },
            status: c.status,
            assignee:
              c.assignedStaffId && c.status !== 'closed'
                ? { id: c.assignedStaffId, displayName: r.assigneeName ?? 'Support' }
                : null,
            createdAt: c.createdAt.toISOString(),
            waitingSince: c.waitingSince?.toISOString() ?? null,
            lastMessageAt: c.lastMessageAt.toISOString(),
            lastMessagePreview: preview(r.lastText ?? '', r.lastHasAttachment),
            unreadForAgent: r.unreadForAgent,
          };
        }),
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalPages: Math.ceil(total / query.perPage),
          totalRows: total,
        },
      };
    },

    async detail(id: string): Promise<SupportConversationDetail> {
      return db.transaction(async (tx) => {
        const row = await repo.find(tx, id);
        if (!row) throw AppError.notFound('Conversation');
        const player = await deps.context.context(tx, row.playerId);
        if (!player) throw AppError.notFound('Conversation');
        const page = await repo.page(tx, id, { limit: DETAIL_MESSAGES, internal: true });
        const name = await agentName(tx, row.assignedStaffId);
        const unread = await repo.unread(tx, id, 'player', row.playerReadUpTo);
        return {
          conversation: {
            ...toConversation(row, name, unread),
            assignee:
              row.assignedStaffId && row.status !== 'closed'
                ? { id: row.assignedStaffId, displayName: name ?? 'Support' }
                : null,
            rating:
              row.ratingScore === null
                ? null
                : { score: row.ratingScore, comment: row.ratingComment },
          },
          messages: page.messages.map((m) => toStaffMessage(m, markersOf(row))),
          player,
        };
      });
    },

    async take(actor: StaffActor, id: string): Promise<void> {
      const before = await db.transaction(async (tx) => {
        await ensureAgent(tx, actor);
        const row = await locked(tx, id);
        await assign(tx, actor, row, actor.staffId, 'support.taken');
        return row;
      });
      if (freesRoom(before, actor.staffId)) await deps.assignment.drainAfterChange();
    },

    async transfer(actor: StaffActor, id: string, staffId: string): Promise<void> {
      const before = await db.transaction(async (tx) => {
        if (!(await repo.usableAgent(tx, staffId))) {
          throw AppError.invalid(
            'body.staffId',
            'Not a support agent who can answer (no presence set yet, disabled, or not in a chat role)',
          );
        }
        const row = await locked(tx, id);
        await assign(tx, actor, row, staffId, 'support.transferred');
        return row;
      });
      if (freesRoom(before, staffId)) await deps.assignment.drainAfterChange();
    },

    async close(actor: StaffActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (row.status === 'closed') throw new AppError('CONFLICT', 'The conversation is closed');
        const updated = await repo.update(tx, id, {
          status: 'closed',
          closedAt: now(),
          waitingSince: null,
        });
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'support.closed',
          targetType: 'support_conversation',
          targetId: id,
          before: { status: row.status },
          after: { status: 'closed' },
          requestId: actor.requestId,
        });
        await announce(tx, updated);
      });
      // The assignee has room for a waiting conversation now.
      await deps.assignment.drainAfterChange();
    },

    /** Reopens to the agent reopening it; refused while the player has another open one. */
    async reopen(actor: StaffActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await ensureAgent(tx, actor);
        const row = await locked(tx, id);
        if (row.status !== 'closed') throw new AppError('CONFLICT', 'The conversation is open');
        if (await repo.openOf(tx, row.playerId, true)) {
          throw new AppError('CONFLICT', 'The player has another open conversation');
        }
        // The player may open a new one meanwhile: the one-open-per-player index refuses this.
        const updated = await repo
          .update(tx, id, { status: 'assigned', assignedStaffId: actor.staffId, closedAt: null })
          .catch((err: unknown) => {
            if (!hasSqlState(err, SQL_STATE.uniqueViolation)) throw err;
            throw new AppError('CONFLICT', 'The player has another open conversation');
          });
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'support.reopened',
          targetType: 'support_conversation',
          targetId: id,
          before: { status: 'closed' },
          after: { status: 'assigned', assignedStaffId: actor.staffId },
          requestId: actor.requestId,
        });
        await announce(tx, updated);
      });
    },

    /**
     * An agent's reply (to the player, and emailed when they are away) or an internal note
     * (console only). Replying to a waiting conversation takes it.
     */
    async reply(
      actor: StaffActor,
      id: string,
      body: SupportStaffSendBody,
      field: 'body' | 'data' = 'body',
    ): Promise<SupportStaffMessage> {
      const text = sanitiseText(body.text);
      const refusal = textRefusal(text);
      if (refusal) throw AppError.invalid(`${field}.text`, refusal);
      const message = await answers.submit({
        actor,
        conversationId: id,
        text,
        internal: body.internal,
      });
      // A player who is here reads the answer in the chat: no second transaction for the email.
      if (message.away) await emailIfAway(id);
      return message.message;
    },

    async read(id: string, upToMessageId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, id);
        if (!row) throw AppError.notFound('Conversation');
        const marker = await repo.markRead(tx, id, 'agent', upToMessageId, now());
        if (marker !== null) {
          await publisher.toPlayer(tx, row.playerId, {
            type: 'read',
            upToMessageId: marker,
            by: 'agent',
          });
        }
      });
    },

    async typing(id: string): Promise<void> {
      const at = now().getTime();
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, id);
        if (!row) throw AppError.notFound('Conversation');
        if (row.status === 'closed' || !typingAllowed(typingSentAt.get(id), at)) return;
        typingSentAt.set(id, at);
        await publisher.toPlayer(tx, row.playerId, { type: 'typing' });
      });
      forgetOldTyping(typingSentAt, at);
    },

    async canned(locale?: string): Promise<SupportCannedList> {
      return { data: (await repo.cannedList(db, locale)).map(toCanned) };
    },

    async createCanned(actor: StaffActor, body: SupportCannedBody): Promise<SupportCannedReply> {
      const text = sanitiseText(body.text);
      const refusal = textRefusal(text);
      if (refusal) throw AppError.invalid('body.text', refusal);
      return db.transaction(async (tx) => {
        const row = await repo.cannedInsert(tx, { ...body, text, createdBy: actor.staffId });
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'support.canned-created',
          targetType: 'support_canned_reply',
          targetId: row.id,
          after: { locale: row.locale, title: row.title, text: row.text },
          requestId: actor.requestId,
        });
        return toCanned(row);
      });
    },

    async deleteCanned(actor: StaffActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.cannedDelete(tx, id);
        if (!row) throw AppError.notFound('Canned reply');
        await deps.audit.insert(tx, {
          staffId: actor.staffId,
          action: 'support.canned-deleted',
          targetType: 'support_canned_reply',
          targetId: id,
          before: { locale: row.locale, title: row.title, text: row.text },
          requestId: actor.requestId,
        });
      });
    },

    async presence(actor: StaffActor, body: SupportPresenceBody): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.agent(tx, actor.staffId);
        await repo.upsertAgent(tx, {
          staffId: actor.staffId,
          displayName:
            body.displayName ?? current?.displayName ?? displayNameFromEmail(actor.email),
          presence: body.status,
          at: now(),
        });
        await publisher.toStaff(tx, { type: 'queue' });
      });
      // An agent coming online picks up what waited while nobody had room (decision 047).
      if (body.status === 'online') await deps.assignment.drainAfterChange();
    },

    async agents(actor: StaffActor): Promise<SupportAgentList> {
      const rows = await repo.agentLoads(db);
      return {
        data: rows.map((a) => ({
          id: a.staffId,
          displayName: a.displayName,
          presence: a.presence,
          openConversations: a.openConversations,
          me: a.staffId === actor.staffId,
        })),
      };
    },

    async realtimeToken(actor: StaffActor): Promise<SupportRealtimeToken> {
      const { token, expiresAt } = await deps.passes.staffRealtimeToken(
        actor.staffId,
        actor.sessionId ?? randomUUID(),
      );
      return { token, expiresAt, channel: SUPPORT_STAFF_CHANNEL };
    },
  };
}
export type SupportConsoleService = ReturnType<typeof createSupportConsoleService>;

/** Whether moving `row` to `to` left its previous agent with one conversation fewer. */
function freesRoom(row: ConversationRow, to: string): boolean {
  return row.status === 'assigned' && row.assignedStaffId !== null && row.assignedStaffId !== to;
}

function toCanned(row: {
  id: string;
  locale: string;
  title: string;
  text: string;
  createdAt: Date;
}): SupportCannedReply {
  return {
    id: row.id,
    locale: row.locale,
    title: row.title,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
