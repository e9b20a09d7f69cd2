import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SUPPORT_ANSWER_RPC,
  supportStaffMessageResponseSchema,
  type SupportAgentList,
  type SupportAnswerRpcData,
  type SupportCannedList,
  type SupportConversationDetail,
  type SupportPresence,
  type SupportQueueList,
  type SupportStaffMessage,
  type SupportStaffMessageResponse,
} from '@coinfall/shared/contracts/support';
import { rpcElseHttpOnlyIfUnsent } from '../../features/realtime/realtime-rpc.fns';
import { applyReadReceipt, mergeMessages } from '../../features/support/support-chat.fns';
import { staffApi, staffQueryClient } from './staff-client';
import { callStaffRpcIfConnected } from './staff-realtime';

/** The agents' console calls (issue 18): /api/admin/support/*, roles support and admin. */
const PATH = '/api/admin/support';
const KEY = ['staff', 'support'] as const;

export type QueueFilter = { status: 'waiting' } | { status: 'assigned'; assignee: 'me' };

/** Waiting conversations (the queue) or my assigned ones; kept live by the staff channel. */
export function useSupportList(filter: QueueFilter) {
  return useQuery(
    {
      queryKey: [...KEY, 'list', filter] as const,
      queryFn: () =>
        staffApi.get<SupportQueueList>(`${PATH}/conversations`, {
          query: { ...filter, perPage: 50 },
        }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    },
    staffQueryClient,
  );
}

const detailKey = (id: string) => [...KEY, 'conversation', id] as const;

export function useSupportConversation(id: string | undefined) {
  return useQuery(
    {
      queryKey: detailKey(id ?? ''),
      queryFn: () => staffApi.get<SupportConversationDetail>(`${PATH}/conversations/${id}`),
      enabled: id !== undefined,
      staleTime: 0,
    },
    staffQueryClient,
  );
}

export function useAgents() {
  return useQuery(
    {
      queryKey: [...KEY, 'agents'] as const,
      queryFn: () => staffApi.get<SupportAgentList>(`${PATH}/agents`),
    },
    staffQueryClient,
  );
}

export function useCannedReplies(locale: string) {
  return useQuery(
    {
      queryKey: [...KEY, 'canned', locale] as const,
      queryFn: () =>
        staffApi.get<SupportCannedList>(`${PATH}/canned-replies`, { query: { locale } }),
    },
    staffQueryClient,
  );
}

/** A message pushed or sent: into the open conversation's cache, without a reload. */
export function addStaffMessage(message: SupportStaffMessage): void {
  staffQueryClient.setQueryData<SupportConversationDetail>(
    detailKey(message.conversationId),
    (detail) => detail && { ...detail, messages: mergeMessages(detail.messages, [message]) },
  );
}

/** A read receipt of the player (pushed): "Seen" under the agent's messages. */
export function applyPlayerRead(conversationId: string, upToMessageId: number): void {
  staffQueryClient.setQueryData<SupportConversationDetail>(
    detailKey(conversationId),
    (detail) =>
      detail && {
        ...detail,
        messages: applyReadReceipt(
          detail.messages,
          upToMessageId,
          'player',
          new Date().toISOString(),
        ),
      },
  );
}

/** Lists (queue, mine, agents' load) read again after a change. */
export function refreshSupportLists(): Promise<void> {
  return staffQueryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === 'staff' &&
      query.queryKey[1] === 'support' &&
      (query.queryKey[2] === 'list' || query.queryKey[2] === 'agents'),
  });
}

async function refreshConversation(id: string): Promise<void> {
  await Promise.all([
    staffQueryClient.invalidateQueries({ queryKey: detailKey(id) }),
    refreshSupportLists(),
  ]);
}

/**
 * An answer or internal note: on the console's socket when it is connected (support.answer,
 * decision 071), else by POST …/messages. An answer has no client id, so HTTP takes over only
 * when the socket surely did not run the call; when the socket may have stored it, this throws
 * `RpcOutcomeUnknown` instead of sending it twice (the live feed shows it if it did land).
 */
export async function sendStaffMessage(id: string, text: string, internal: boolean) {
  const data: SupportAnswerRpcData = { conversationId: id, text, internal };
  const { message } = await rpcElseHttpOnlyIfUnsent(
    callStaffRpcIfConnected(SUPPORT_ANSWER_RPC, data),
    staffMessageAnswerOf,
    () =>
      staffApi.post<SupportStaffMessageResponse>(`${PATH}/conversations/${id}/messages`, {
        body: { text, internal },
      }),
  );
  addStaffMessage(message);
  return message;
}

function staffMessageAnswerOf(answer: unknown): SupportStaffMessageResponse | undefined {
  const parsed = supportStaffMessageResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

export type ConversationAction = 'take' | 'close' | 'reopen';

export async function actOnConversation(id: string, action: ConversationAction): Promise<void> {
  await staffApi.post<unknown>(`${PATH}/conversations/${id}/${action}`);
  await refreshConversation(id);
}

export async function transferConversation(id: string, staffId: string): Promise<void> {
  await staffApi.post<unknown>(`${PATH}/conversations/${id}/transfer`, { body: { staffId } });
  await refreshConversation(id);
}

export function markRead(id: string, upToMessageId: number): Promise<void> {
  return staffApi.post<void>(`${PATH}/conversations/${id}/read`, { body: { upToMessageId } });
}

export function sendTyping(id: string): Promise<void> {
  return staffApi.post<void>(`${PATH}/conversations/${id}/typing`);
}

export async function setPresence(status: SupportPresence): Promise<void> {
  await staffApi.put<unknown>(`${PATH}/presence`, { body: { status } });
  await staffQueryClient.invalidateQueries({ queryKey: [...KEY, 'agents'] });
}

/** Where an attachment is read (a staff session may read any conversation's). */
export function staffAttachmentPath(id: string): string {
  return `${PATH}/attachments/${encodeURIComponent(id)}`;
}
