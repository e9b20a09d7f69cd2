import {
  SUPPORT_TEXT_MAX,
  SUPPORT_TYPING_THROTTLE_MS,
  type SupportAttachmentType,
  type SupportPresence,
} from '@coinfall/shared';

/**
 * Pure rules of the support chat (decision 040): what a message's text may hold, whom a new
 * conversation goes to, when a typing signal is passed on, when a player counts as away.
 */

// C0/C1 controls but tab and newline, and the bidirectional overrides used to disguise links.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

// Half of a surrogate pair (half an emoji): jsonb, which carries a batch's messages and their
// events, refuses it, and no UTF-8 text can hold it.
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * The text as stored: newlines normalised, controls and bidi overrides removed, a lone surrogate
 * replaced by U+FFFD (as encoding it in UTF-8 would), at most two blank lines in a row, trimmed.
 * Messages are plain text: the clients never render HTML from them, so markup stays visible as
 * typed rather than being stripped here.
 */
export function sanitiseText(raw: string): string {
  return raw
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/\r\n?/g, '\n')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}

/** Null when the sanitised text fits (1..SUPPORT_TEXT_MAX); otherwise why not. */
export function textRefusal(text: string, options: { allowEmpty?: boolean } = {}): string | null {
  if (text.length === 0 && !options.allowEmpty) return 'Write a message';
  if (text.length > SUPPORT_TEXT_MAX) return `At most ${SUPPORT_TEXT_MAX} characters`;
  return null;
}

const EXTENSIONS: Record<SupportAttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * The name an attachment is shown under: the uploader's base name reduced to letters, digits,
 * spaces, dots, dashes and underscores, with the extension of the type its bytes are (so a
 * `.exe` name never survives on a PNG).
 */
export function attachmentName(uploaded: string | undefined, type: SupportAttachmentType): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 80);
  return `${stem || 'attachment'}.${EXTENSIONS[type]}`;
}

export interface AgentLoad {
  staffId: string;
  presence: SupportPresence;
  openConversations: number;
  lastAssignedAt: Date | null;
}

/**
 * Auto-assignment: the online agent with the fewest open conversations, below `capacity`; ties
 * go to the one idle longest (never assigned first), then the lowest id so every node picks
 * alike. Null when no online agent has room (the conversation waits in the queue).
 */
export function chooseAgent(agents: readonly AgentLoad[], capacity: number): string | null {
  let best: AgentLoad | null = null;
  for (const agent of agents) {
    if (agent.presence !== 'online' || agent.openConversations >= capacity) continue;
    if (!best || compareLoad(agent, best) < 0) best = agent;
  }
  return best?.staffId ?? null;
}

/**
 * Hands waiting conversations (longest waiting first) out one by one to `chooseAgent`, each
 * assignment counting against its agent's load and making them the most recently assigned.
 * Conversations past everyone's capacity are left out: they keep waiting.
 */
export function planAssignments(
  agents: readonly AgentLoad[],
  waitingIds: readonly string[],
  capacity: number,
  at: Date,
): { conversationId: string; staffId: string }[] {
  const loads = agents.map((a) => ({ ...a }));
  const plan: { conversationId: string; staffId: string }[] = [];
  for (const conversationId of waitingIds) {
    const staffId = chooseAgent(loads, capacity);
    if (!staffId) break;
    const load = loads.find((a) => a.staffId === staffId)!;
    load.openConversations += 1;
    load.lastAssignedAt = at;
    plan.push({ conversationId, staffId });
  }
  return plan;
}

/** How many more conversations the online agents can be given. */
export function freeCapacity(agents: readonly AgentLoad[], capacity: number): number {
  return agents
    .filter((a) => a.presence === 'online')
    .reduce((sum, a) => sum + Math.max(0, capacity - a.openConversations), 0);
}

function compareLoad(a: AgentLoad, b: AgentLoad): number {
  if (a.openConversations !== b.openConversations) {
    return a.openConversations - b.openConversations;
  }
  const aIdle = a.lastAssignedAt?.getTime() ?? -Infinity;
  const bIdle = b.lastAssignedAt?.getTime() ?? -Infinity;
  if (aIdle !== bIdle) return aIdle - bIdle;
  return a.staffId < b.staffId ? -1 : a.staffId > b.staffId ? 1 : 0;
}

/** A typing signal goes out when none went out for this side and conversation lately. */
export function typingAllowed(lastSentMs: number | undefined, nowMs: number): boolean {
  return lastSentMs === undefined || nowMs - lastSentMs >= SUPPORT_TYPING_THROTTLE_MS;
}

/** How long after the player's last support call an agent's answer is also emailed. */
export const PLAYER_AWAY_AFTER_MS = 60_000;

/**
 * The player is away when they have not used the chat (opened, read, typed, written) within
 * PLAYER_AWAY_AFTER_MS: an agent's answer is then emailed too.
 */
export function isPlayerAway(playerSeenAt: Date | null, nowMs: number): boolean {
  return !playerSeenAt || nowMs - playerSeenAt.getTime() >= PLAYER_AWAY_AFTER_MS;
}

/** The default name players see for an agent: the email's first word, capitalised. */
export function displayNameFromEmail(email: string): string {
  const word = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  const clean = word.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 40);
  return clean ? clean[0]!.toUpperCase() + clean.slice(1) : 'Support';
}

/** A short preview of a message for the queue. */
export function preview(text: string, hasAttachment: boolean): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return hasAttachment ? '📎' : '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
