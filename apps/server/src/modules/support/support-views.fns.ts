import type { SupportConversation, SupportMessage, SupportStaffMessage } from '@coinfall/shared';
import type { ConversationRow, MessageView } from './support.repo.ts';

/** A stored message as the player sees it (never an internal note: callers filter them out). */
export function toMessage(row: MessageView, readMarkers: ReadMarkers): SupportMessage {
  const playerReadAt = readMarkers.playerReadAt ?? row.createdAt;
  const agentReadAt = readMarkers.agentReadAt ?? row.createdAt;
  return {
    id: row.id,
    conversationId: row.conversationId,
    author: row.author,
    authorName: row.author === 'agent' ? (row.agentName ?? 'Support') : null,
    text: row.text,
    ...(row.attachment ? { attachment: row.attachment } : {}),
    createdAt: row.createdAt.toISOString(),
    // Each side's marker says up to which message it read, and when it last moved (read by then).
    ...(row.author !== 'player' && row.id <= readMarkers.playerReadUpTo
      ? { readByPlayerAt: playerReadAt.toISOString() }
      : {}),
    ...(row.author === 'player' && row.id <= readMarkers.agentReadUpTo
      ? { readByAgentAt: agentReadAt.toISOString() }
      : {}),
  };
}

/** A conversation's read markers, or none yet (no conversation). */
export function markersOf(row: ConversationRow | null): ReadMarkers {
  return {
    playerReadUpTo: row?.playerReadUpTo ?? 0,
    agentReadUpTo: row?.agentReadUpTo ?? 0,
    playerReadAt: row?.playerReadAt ?? null,
    agentReadAt: row?.agentReadAt ?? null,
  };
}

export interface ReadMarkers {
  playerReadUpTo: number;
  agentReadUpTo: number;
  playerReadAt?: Date | null;
  agentReadAt?: Date | null;
}

export function toStaffMessage(row: MessageView, markers: ReadMarkers): SupportStaffMessage {
  return { ...toMessage(row, markers), internal: row.internal };
}

export function toConversation(
  row: ConversationRow,
  assignedAgentName: string | null,
  unreadForPlayer: number,
): SupportConversation {
  return {
    id: row.id,
    status: row.status,
    assignedAgentName: row.status === 'closed' ? null : assignedAgentName,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    ratingAsked: row.status === 'closed' && row.ratedAt === null,
    unreadForPlayer,
  };
}
