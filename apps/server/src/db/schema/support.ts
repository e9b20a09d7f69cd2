import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Locale,
  SupportAttachmentType,
  SupportAuthor,
  SupportConversationStatus,
  SupportPresence,
} from '@coinfall/shared';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';
import { staff } from './staff.ts';

/**
 * Live support chat (issue 18, decision 040). A player has at most one conversation that is not
 * closed (a partial unique index, so two first messages sent at once cannot open two). The read
 * markers are the highest message id each side has read.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    status: text('status').$type<SupportConversationStatus>().notNull(),
    assignedStaffId: uuid('assigned_staff_id').references(() => staff.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    /** The oldest player message no agent has answered yet; null once answered. */
    waitingSince: timestamptz('waiting_since'),
    closedAt: timestamptz('closed_at'),
    playerReadUpTo: bigint('player_read_up_to', { mode: 'number' }).notNull().default(0),
    agentReadUpTo: bigint('agent_read_up_to', { mode: 'number' }).notNull().default(0),
    /** When each marker last moved: the messages it covers were read by then. */
    playerReadAt: timestamptz('player_read_at'),
    agentReadAt: timestamptz('agent_read_at'),
    /** The last time the player used the chat (any /api/support call): "away" is older. */
    playerSeenAt: timestamptz('player_seen_at'),
    /** The site language the player last wrote from: the language of the reply email. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    /** Agent replies up to this id were emailed to the player (each at most once). */
    emailedUpTo: bigint('emailed_up_to', { mode: 'number' }).notNull().default(0),
    ratingScore: smallint('rating_score'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamptz('rated_at'),
  },
  (t) => [
    uniqueIndex('support_conversations_one_open_key')
      .on(t.playerId)
      .where(sql`${t.status} <> 'closed'`),
    index('support_conversations_player_idx').on(t.playerId, t.createdAt),
    // Status alone: last_message_at changes with every message, and a column in any index keeps
    // that update from being HOT (decision 080). The queue's order (waiting since, then last
    // message) was never read from this index: it is sorted either way.
    index('support_conversations_status_idx').on(t.status),
    index('support_conversations_assignee_idx')
      .on(t.assignedStaffId)
      .where(sql`${t.status} = 'assigned'`),
  ],
);

/** Files attached to messages: private storage, checked by content (never the client's claim). */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    name: text('name').notNull(),
    contentType: text('content_type').$type<SupportAttachmentType>().notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_attachments_conversation_idx').on(t.conversationId)],
);

/**
 * Messages: insert-only (a trigger of migration 0030 refuses UPDATE and DELETE). Internal notes
 * are agent messages with `internal`, never sent to the player. `client_message_id` makes a
 * player's retry return the first message.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    author: text('author').$type<SupportAuthor>().notNull(),
    staffId: uuid('staff_id').references(() => staff.id),
    internal: boolean('internal').notNull().default(false),
    text: text('text').notNull(),
    attachmentId: uuid('attachment_id').references(() => supportAttachments.id),
    clientMessageId: uuid('client_message_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('support_messages_client_id_key')
      .on(t.playerId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
  ],
);

/** Canned replies of the agents' console, per locale. */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staff.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_canned_replies_locale_idx').on(t.locale, t.title)],
);

/** A staff member as a support agent: the name players see, and whether they take chats now. */
export const supportAgents = pgTable('support_agents', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id),
  displayName: text('display_name').notNull(),
  presence: text('presence').$type<SupportPresence>().notNull(),
  presenceAt: timestamptz('presence_at').notNull().defaultNow(),
  /** Ties of the auto-assignment go to the agent idle longest (oldest last assignment). */
  lastAssignedAt: timestamptz('last_assigned_at'),
});
