import {
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_CHAT_INIT_DELAY_MS,
  SUPPORT_CHAT_REFRESH_DELAYS_MS,
  SUPPORT_RATING_COMMENT_MAX,
  SUPPORT_TEXT_MAX,
} from '@coinfall/shared/contracts/support';

/**
 * Pure rules of the support chat shared by the player's widget and the agents' console: merging
 * what the API and the realtime channel deliver (at least once, in any order), grouping for
 * display, unread counting, read receipts and the attachment check made before an upload.
 */

export type ChatAuthor = 'player' | 'agent' | 'system';
export type ChatViewer = 'player' | 'agent';

export type ChatMessageId = string | number;

export interface ChatMessageLike {
  /** The API's ids increase with time. */
  id: ChatMessageId;
  author: ChatAuthor;
  authorName?: string | null;
  createdAt: string;
  readByPlayerAt?: string | null;
  readByAgentAt?: string | null;
  /** Staff-only notes (console only; the player's API never sends them). */
  internal?: boolean;
}

/** Spec §9: the widget starts 10 s after mount; a failed read is tried again after 1, 2, 3 s. */
export const SUPPORT_TIMINGS = {
  initDelayMs: SUPPORT_CHAT_INIT_DELAY_MS,
  refreshDelaysMs: SUPPORT_CHAT_REFRESH_DELAYS_MS,
  /** A typing indicator fades this long after the last typing signal. */
  typingVisibleMs: 4_000,
  /** The composer sends a typing signal at most this often (the server throttles too). */
  typingSendEveryMs: 2_500,
  /** How often the open chat reads the conversation while the realtime connection is down. */
  pollWithoutRealtimeMs: 10_000,
} as const;

/** The API's limits (the server checks them too; the browser checks first to save an upload). */
export const SUPPORT_LIMITS = {
  textMaxLength: SUPPORT_TEXT_MAX,
  attachmentMaxBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
  attachmentTypes: SUPPORT_ATTACHMENT_TYPES,
  ratingCommentMaxLength: SUPPORT_RATING_COMMENT_MAX,
  pageSize: 30,
} as const;

function byTimeThenId(a: ChatMessageLike, b: ChatMessageLike): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  return String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0;
}

/**
 * One list, oldest first, each id once: a message seen again (a realtime redelivery, a page read
 * after a push) replaces the earlier copy, since it may carry a newer read receipt.
 */
export function mergeMessages<T extends ChatMessageLike>(
  existing: readonly T[],
  incoming: readonly T[],
): T[] {
  const byId = new Map<ChatMessageId, T>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) {
    const before = byId.get(message.id);
    byId.set(message.id, before ? { ...before, ...withoutEmptyReceipts(message) } : message);
  }
  return [...byId.values()].sort(byTimeThenId);
}

// A later copy without a receipt must not erase one the earlier copy had.
function withoutEmptyReceipts<T extends ChatMessageLike>(message: T): T {
  const copy = { ...message };
  if (!copy.readByAgentAt) delete copy.readByAgentAt;
  if (!copy.readByPlayerAt) delete copy.readByPlayerAt;
  return copy;
}

export interface MessageGroup<T extends ChatMessageLike> {
  author: ChatAuthor;
  authorName: string | null;
  internal: boolean;
  messages: T[];
}

/** Messages of one author (and kind: notes apart) less than `gapMs` apart share one group. */
export function groupMessages<T extends ChatMessageLike>(
  messages: readonly T[],
  gapMs = 5 * 60_000,
): MessageGroup<T>[] {
  const groups: MessageGroup<T>[] = [];
  for (const message of messages) {
    const group = groups.at(-1);
    const last = group?.messages.at(-1);
    const internal = message.internal === true;
    if (
      group &&
      last &&
      group.author === message.author &&
      group.authorName === (message.authorName ?? null) &&
      group.internal === internal &&
      Date.parse(message.createdAt) - Date.parse(last.createdAt) < gapMs
    ) {
      group.messages.push(message);
    } else {
      groups.push({
        author: message.author,
        authorName: message.authorName ?? null,
        internal,
        messages: [message],
      });
    }
  }
  return groups;
}

/** Whether the viewer wrote this message (the player their own; an agent any agent's or a note). */
function isOwn(message: ChatMessageLike, viewer: ChatViewer): boolean {
  return viewer === 'player' ? message.author === 'player' : message.author !== 'player';
}

function isReadBy(message: ChatMessageLike, viewer: ChatViewer): boolean {
  return Boolean(viewer === 'player' ? message.readByPlayerAt : message.readByAgentAt);
}

/** Messages the viewer has not read: the other side's, without the viewer's receipt. */
export function unreadCount(messages: readonly ChatMessageLike[], viewer: ChatViewer): number {
  return messages.filter((m) => !m.internal && !isOwn(m, viewer) && !isReadBy(m, viewer)).length;
}

/** The newest message the viewer should acknowledge, or undefined when all are read. */
export function newestUnreadId<T extends ChatMessageLike>(
  messages: readonly T[],
  viewer: ChatViewer,
): T['id'] | undefined {
  return messages.findLast((m) => !m.internal && !isOwn(m, viewer) && !isReadBy(m, viewer))?.id;
}

/**
 * A read receipt: every message of the other side up to `upToMessageId` (inclusive, in list order)
 * is read by `by` at `at`. An unknown id changes nothing.
 */
export function applyReadReceipt<T extends ChatMessageLike>(
  messages: readonly T[],
  upToMessageId: ChatMessageId,
  by: ChatViewer,
  at: string,
): T[] {
  const upTo = messages.findIndex((m) => m.id === upToMessageId);
  if (upTo < 0) return [...messages];
  const key = by === 'player' ? 'readByPlayerAt' : 'readByAgentAt';
  return messages.map((m, index) =>
    index <= upTo && !m.internal && !isOwn(m, by) && !m[key] ? { ...m, [key]: at } : m,
  );
}

/** The viewer's newest message the other side has read (where "Seen" is shown), if any. */
export function lastSeenOwnId<T extends ChatMessageLike>(
  messages: readonly T[],
  viewer: ChatViewer,
): T['id'] | undefined {
  const other: ChatViewer = viewer === 'player' ? 'agent' : 'player';
  return messages.findLast((m) => !m.internal && isOwn(m, viewer) && isReadBy(m, other))?.id;
}

export type AttachmentProblem = 'too-large' | 'wrong-type' | 'empty';

/** The check before an upload (the server checks the content itself). */
export function attachmentProblem(file: {
  size: number;
  type: string;
}): AttachmentProblem | undefined {
  if (file.size === 0) return 'empty';
  if (!(SUPPORT_LIMITS.attachmentTypes as readonly string[]).includes(file.type))
    return 'wrong-type';
  if (file.size > SUPPORT_LIMITS.attachmentMaxBytes) return 'too-large';
  return undefined;
}

/** A size for people: "812 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A waiting time as the queue shows it: "0:42", "12:05", "1:03:20". */
export function formatWait(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
