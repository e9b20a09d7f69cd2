import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { pagedListSchema, pageQuerySchema } from './player.ts';

/**
 * Live support chat (issue 18, decision 040): one open conversation per player, insert-only
 * messages, delivered over the realtime gateway on the player's support channel and the staff
 * support channel. Player calls under /api/support, the agents' console under
 * /api/admin/support.
 */

/** Text of a message: trimmed, 1..2000 characters, plain text (never rendered as HTML). */
export const SUPPORT_TEXT_MAX = 2000;
export const SUPPORT_RATING_COMMENT_MAX = 500;
/** Attachments: content types as detected from the bytes (never the client's claim). */
export const SUPPORT_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
] as const;
export type SupportAttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Player messages (text or attachment): at most this many per window, else 429. */
export const SUPPORT_MESSAGE_RATE = { limit: 10, windowMs: 10_000 } as const;
/** A typing signal is passed on at most once per this interval per side and conversation. */
export const SUPPORT_TYPING_THROTTLE_MS = 2_000;
/** Spec §9: the widget initialises 10 s after mount; refresh retries after 1, 2, 3 s. */
export const SUPPORT_CHAT_INIT_DELAY_MS = 10_000;
export const SUPPORT_CHAT_REFRESH_DELAYS_MS = [1_000, 2_000, 3_000] as const;
export const SUPPORT_HISTORY_PAGE_MAX = 100;

export const SUPPORT_CONVERSATION_STATUSES = ['waiting', 'assigned', 'closed'] as const;
export type SupportConversationStatus = (typeof SUPPORT_CONVERSATION_STATUSES)[number];
export const SUPPORT_AUTHORS = ['player', 'agent', 'system'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];
export const SUPPORT_PRESENCE = ['online', 'away'] as const;
export type SupportPresence = (typeof SUPPORT_PRESENCE)[number];

/**
 * Realtime channels. The player's: `support:chat#<playerId>` (the protocol's `#<id>` user
 * boundary: that player only). The staff's: `staff:support`, only for a connection made with a
 * staff realtime token; a player's token gets error 103 on it.
 */
// Not one of PLAYER_CHANNELS: the site's generic pushes listener must not subscribe to it (the
// support widget does, lazily), yet the gateway treats it as a personal channel all the same.
export const SUPPORT_PLAYER_CHANNEL_PREFIX = 'support:chat';
export function supportPlayerChannel(playerId: string): string {
  return `${SUPPORT_PLAYER_CHANNEL_PREFIX}#${playerId}`;
}
export const SUPPORT_STAFF_CHANNEL = 'staff:support';
/** The `event` of the gateway's publications (RealtimeMessage) on each channel. */
export const SUPPORT_PLAYER_EVENT = 'support.chat.updated' as const;
export const SUPPORT_STAFF_EVENT = 'support.console.updated' as const;

const messageIdSchema = z.number().int().positive().describe('Message id, increasing with time');

export const supportAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string().describe('The file name as uploaded (sanitised), for display'),
  contentType: z.enum(SUPPORT_ATTACHMENT_TYPES),
  size: z.number().int().describe('Bytes'),
});
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

export const supportMessageSchema = z.object({
  id: messageIdSchema,
  conversationId: z.uuid(),
  author: z.enum(SUPPORT_AUTHORS),
  authorName: z
    .string()
    .nullable()
    .describe("The agent's display name (never an email); null for player and system"),
  text: z.string().describe('Plain text; links are made safe by the client, never HTML'),
  attachment: supportAttachmentSchema.optional(),
  createdAt: z.iso.datetime(),
  readByPlayerAt: z.iso.datetime().optional(),
  readByAgentAt: z.iso.datetime().optional(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  assignedAgentName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  ratingAsked: z.boolean().describe('Closed and not rated yet: the widget asks for a score'),
  unreadForPlayer: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

// ---------------------------------------------------------------------------------------------
// Player: /api/support/*

/**
 * A blocked or excluded player is refused everything but support (decision 040): their login
 * answers 403 ACCOUNT_BLOCKED or PLAYER_EXCLUDED with `details.supportPass`, a bearer token that
 * /api/support/* and the player's support channel accept, and nothing else does.
 */
export const supportPassSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
});
export type SupportPass = z.infer<typeof supportPassSchema>;
export const SUPPORT_PASS_TTL_SECONDS = 2 * 60 * 60;

export const supportHistoryQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional().describe('Messages older than this id'),
  limit: z.coerce.number().int().min(1).max(SUPPORT_HISTORY_PAGE_MAX).default(50),
});
export type SupportHistoryQuery = z.infer<typeof supportHistoryQuerySchema>;

/** The player's latest conversation (open, or the last closed one) and a page of its messages. */
export const supportConversationViewSchema = z.object({
  conversation: supportConversationSchema.nullable(),
  messages: z.array(supportMessageSchema).describe('Oldest first'),
  hasMore: z.boolean(),
  agentsOnline: z.boolean().describe('False: the offline state ("we answer by email")'),
});
export type SupportConversationView = z.infer<typeof supportConversationViewSchema>;

export const supportTextSchema = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(SUPPORT_TEXT_MAX, `At most ${SUPPORT_TEXT_MAX} characters`);

const supportLocaleSchema = z
  .enum(LOCALES)
  .optional()
  .describe('The site language the player writes from: agents’ answers are emailed in it');

export const supportSendBodySchema = z.object({
  text: supportTextSchema,
  clientMessageId: z.uuid().describe('Chosen by the client; a retry returns the first message'),
  locale: supportLocaleSchema,
});
export type SupportSendBody = z.infer<typeof supportSendBodySchema>;

/** The text fields of the multipart attachment upload; the file is the part named `file`. */
export const supportAttachmentFieldsSchema = z.object({
  text: z.string().trim().max(SUPPORT_TEXT_MAX).optional(),
  clientMessageId: z.uuid().optional(),
  locale: supportLocaleSchema,
});
export type SupportAttachmentFields = z.infer<typeof supportAttachmentFieldsSchema>;

export const supportMessageResponseSchema = z.object({ message: supportMessageSchema });

/**
 * The realtime gateway's RPC method a player's widget writes with (decision 071): `data` is
 * `supportSendBodySchema`'s body, the result `supportMessageResponseSchema`'s, as
 * POST /api/support/messages. The same clientMessageId makes either path a retry of the other.
 */
export const SUPPORT_SEND_RPC = 'support.send';
export type SupportMessageResponse = z.infer<typeof supportMessageResponseSchema>;

export const supportReadBodySchema = z.object({ upToMessageId: messageIdSchema });
export type SupportReadBody = z.infer<typeof supportReadBodySchema>;

export const supportRatingBodySchema = z.object({
  conversationId: z.uuid(),
  score: z.number().int().min(1).max(5),
  comment: z.string().trim().max(SUPPORT_RATING_COMMENT_MAX).optional(),
});
export type SupportRatingBody = z.infer<typeof supportRatingBodySchema>;

export const supportAttachmentParamsSchema = z.object({ id: z.uuid() });

/** Publications on `support:chat#<playerId>` (the `data` of a RealtimeMessage). */
export const supportPlayerPublicationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: supportMessageSchema }),
  z.object({ type: z.literal('typing') }),
  z.object({ type: z.literal('read'), upToMessageId: messageIdSchema, by: z.literal('agent') }),
  z.object({ type: z.literal('conversation'), conversation: supportConversationSchema }),
]);
export type SupportPlayerPublication = z.infer<typeof supportPlayerPublicationSchema>;

// ---------------------------------------------------------------------------------------------
// Staff: /api/admin/support/*

/** A message as the console sees it: internal notes included and flagged. */
export const supportStaffMessageSchema = supportMessageSchema.extend({
  internal: z.boolean().describe('An internal note: never sent to the player'),
});
export type SupportStaffMessage = z.infer<typeof supportStaffMessageSchema>;

/**
 * The outbox's one event per chat message (decision 074): the gateway pushes it to the staff
 * channel and, unless it is an internal note, to its player's channel (without `internal`), as
 * the `message` publications of `SUPPORT_STAFF_EVENT` and `SUPPORT_PLAYER_EVENT`.
 */
export const SUPPORT_MESSAGE_EVENT = 'support.message.sent' as const;
export const supportMessageSentEventSchema = z.object({
  playerId: z.uuid(),
  message: supportStaffMessageSchema,
});
export type SupportMessageSentEvent = z.infer<typeof supportMessageSentEventSchema>;

export const supportQueueQuerySchema = pageQuerySchema.extend({
  status: z.enum(SUPPORT_CONVERSATION_STATUSES).optional(),
  assignee: z
    .union([z.literal('me'), z.uuid()])
    .optional()
    .describe("'me' or a staff id"),
});
export type SupportQueueQuery = z.infer<typeof supportQueueQuerySchema>;

export const supportAgentRefSchema = z.object({ id: z.uuid(), displayName: z.string() });
export type SupportAgentRef = z.infer<typeof supportAgentRefSchema>;

export const supportQueueRowSchema = z.object({
  id: z.uuid(),
  player: z.object({ id: z.uuid(), nickname: z.string().nullable(), email: z.string() }),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  assignee: supportAgentRefSchema.nullable(),
  createdAt: z.iso.datetime(),
  waitingSince: z.iso.datetime().nullable().describe('Oldest player message not answered yet'),
  lastMessageAt: z.iso.datetime(),
  lastMessagePreview: z.string(),
  unreadForAgent: z.number().int(),
});
export type SupportQueueRow = z.infer<typeof supportQueueRowSchema>;
export const supportQueueListSchema = pagedListSchema(supportQueueRowSchema);
export type SupportQueueList = z.infer<typeof supportQueueListSchema>;

export const supportPlayerContextSchema = z.object({
  profile: z.object({
    id: z.uuid(),
    email: z.string(),
    nickname: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    country: z.string().nullable(),
    status: z.number().int().describe('PlayerStatus: 1 active, 2 limited, 3 blocked'),
    createdAt: z.iso.datetime(),
  }),
  segmentIds: z.array(z.number().int()),
  verification: z.object({
    kycVerified: z.boolean(),
    emailConfirmed: z.boolean(),
    phoneConfirmed: z.boolean(),
  }),
  balances: z.array(
    z.object({
      currency: z.string(),
      kind: z.enum(['cash', 'bonus']),
      balance: z.number().int().describe('Minor units'),
    }),
  ),
  purchases: z
    .array(
      z.object({
        id: z.uuid(),
        status: z.number().int(),
        amount: z.number().int(),
        currency: z.string(),
        createdAt: z.iso.datetime(),
      }),
    )
    .describe('The last 5, newest first'),
  redemptions: z
    .array(
      z.object({
        id: z.uuid(),
        status: z.number().int(),
        amount: z.number().int(),
        currency: z.string(),
        createdAt: z.iso.datetime(),
      }),
    )
    .describe('The last 5, newest first'),
  profileLink: z.string().describe('Staff-only: /admin/players/<id>'),
});
export type SupportPlayerContext = z.infer<typeof supportPlayerContextSchema>;

export const supportConversationDetailSchema = z.object({
  conversation: supportConversationSchema.extend({
    assignee: supportAgentRefSchema.nullable(),
    rating: z.object({ score: z.number().int(), comment: z.string().nullable() }).nullable(),
  }),
  messages: z.array(supportStaffMessageSchema).describe('Oldest first, the latest 200'),
  player: supportPlayerContextSchema,
});
export type SupportConversationDetail = z.infer<typeof supportConversationDetailSchema>;

export const supportConversationParamsSchema = z.object({ id: z.uuid() });

export const supportTransferBodySchema = z.object({ staffId: z.uuid() });
export type SupportTransferBody = z.infer<typeof supportTransferBodySchema>;

export const supportStaffSendBodySchema = z.object({
  text: supportTextSchema,
  internal: z.boolean().default(false),
});
export type SupportStaffSendBody = z.infer<typeof supportStaffSendBodySchema>;

export const supportStaffMessageResponseSchema = z.object({ message: supportStaffMessageSchema });

/**
 * The gateway's RPC method the agents' console answers with on its staff socket (decision 071):
 * `data` is the reply's body and its conversation, the result as the reply route's. The staff
 * session behind the socket's token is checked on every call, as the route's guard does.
 */
export const SUPPORT_ANSWER_RPC = 'support.answer';
export const supportAnswerRpcSchema = supportStaffSendBodySchema.extend({
  conversationId: z.uuid(),
});
export type SupportAnswerRpcData = z.infer<typeof supportAnswerRpcSchema>;
export type SupportStaffMessageResponse = z.infer<typeof supportStaffMessageResponseSchema>;

export const supportCannedQuerySchema = z.object({
  locale: z.string().trim().min(2).max(10).optional(),
});
export const supportCannedBodySchema = z.object({
  locale: z.string().trim().min(2).max(10),
  title: z.string().trim().min(1).max(80),
  text: supportTextSchema,
});
export type SupportCannedBody = z.infer<typeof supportCannedBodySchema>;
export const supportCannedReplySchema = supportCannedBodySchema.extend({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
});
export type SupportCannedReply = z.infer<typeof supportCannedReplySchema>;
export const supportCannedListSchema = z.object({ data: z.array(supportCannedReplySchema) });
export type SupportCannedList = z.infer<typeof supportCannedListSchema>;

export const supportPresenceBodySchema = z.object({
  status: z.enum(SUPPORT_PRESENCE),
  displayName: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe('What players see as the agent name; first presence defaults it from the email'),
});
export type SupportPresenceBody = z.infer<typeof supportPresenceBodySchema>;

export const supportAgentSchema = supportAgentRefSchema.extend({
  presence: z.enum(SUPPORT_PRESENCE),
  openConversations: z.number().int(),
  me: z.boolean(),
});
export type SupportAgent = z.infer<typeof supportAgentSchema>;
export const supportAgentListSchema = z.object({ data: z.array(supportAgentSchema) });
export type SupportAgentList = z.infer<typeof supportAgentListSchema>;

/** A connection token for the gateway: a staff connection, allowed on `staff:support` only. */
export const supportRealtimeTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  channel: z.literal(SUPPORT_STAFF_CHANNEL),
});
export type SupportRealtimeToken = z.infer<typeof supportRealtimeTokenSchema>;

/** Publications on `staff:support` (the `data` of a RealtimeMessage). */
export const supportStaffPublicationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queue') }),
  z
    .object({ type: z.literal('assigned'), conversationId: z.uuid(), staffId: z.uuid() })
    .describe('A waiting conversation auto-assigned to an agent (decision 047)'),
  z.object({ type: z.literal('message'), message: supportStaffMessageSchema }),
  z.object({ type: z.literal('typing'), conversationId: z.uuid() }),
  z.object({
    type: z.literal('read'),
    conversationId: z.uuid(),
    upToMessageId: messageIdSchema,
    by: z.literal('player'),
  }),
]);
export type SupportStaffPublication = z.infer<typeof supportStaffPublicationSchema>;
