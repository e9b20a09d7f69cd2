import {
  SUPPORT_SEND_RPC,
  supportMessageResponseSchema,
  type SupportConversationView,
  type SupportMessage,
  type SupportMessageResponse,
  type SupportSendBody,
} from '@coinfall/shared/contracts/support';
import type { Locale } from '@coinfall/shared/locales';
import { callRpcIfConnectedAs } from '../../realtime/realtime-client';
import { playerIdOfToken } from '../../realtime/realtime-messages.fns';
import { rpcElseHttp } from '../../realtime/realtime-rpc.fns';
import { createApiClient, type ApiClient } from '../../../lib/api/api-client';
import { ApiError } from '../../../lib/api/api-error';
import { readToken, refreshToken } from '../../../lib/session/session';
import { isTokenFresh } from '../../../lib/session/session.fns';
import { readSupportPass } from '../../../lib/session/support-pass';

/*
 * The player's support calls (issue 18). Each one handles its own failures: a blocked or
 * excluded player may still talk to support, so a refusal here must never log them out or send
 * them away from the page they are on (the global handler of spec §8 would).
 */

const PATH = '/api/support';
const own = { skipGlobalHandler: true } as const;

/** The player's session token, or else a blocked or excluded player's support pass. */
function currentCredential(): string | undefined {
  return readToken() ?? readSupportPass()?.token;
}

let client: ApiClient | undefined;
/**
 * The site's transport with the credential above: a session token is refreshed as everywhere, a
 * pass never (an expired one is refused, and the chat says it could not load).
 */
function apiClient(): ApiClient {
  client ??= createApiClient({
    baseUrl: '',
    tokens: {
      get: currentCredential,
      isExpired: (token) => token === readToken() && !isTokenFresh(token, Date.now()),
    },
    refresh: refreshToken,
    // Never logs anyone out from here: the session's own checks do that.
    onFailure: () => undefined,
  });
  return client;
}

/** GET /api/support/conversation: the open (or last) conversation, a page of history. */
export function fetchConversation(before?: number, limit?: number) {
  return apiClient().get<SupportConversationView>(`${PATH}/conversation`, {
    ...own,
    query: { before, limit },
  });
}

/**
 * Sends a text message; the first one opens a conversation. `locale`: the site's language, which
 * agents' answers are emailed in. Over the realtime connection when it is open with this player's
 * credential (decision 071), else by POST /api/support/messages; HTTP also takes over when the
 * socket could not do it, with the same clientMessageId, so the API answers a message the socket
 * did store instead of storing it twice.
 */
export function postMessage(
  text: string,
  clientMessageId: string,
  locale: Locale,
): Promise<SupportMessageResponse> {
  const body: SupportSendBody = { text, clientMessageId, locale };
  return rpcElseHttp(
    callRpcIfConnectedAs(playerIdOfToken(currentCredential()), SUPPORT_SEND_RPC, body),
    messageAnswerOf,
    () => apiClient().post<SupportMessageResponse>(`${PATH}/messages`, { ...own, body }),
  );
}

/** An answer the widget cannot show is left to HTTP's retry, which returns the stored message. */
function messageAnswerOf(answer: unknown): SupportMessageResponse | undefined {
  const parsed = supportMessageResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

export function postRead(upToMessageId: number) {
  return apiClient().post<void>(`${PATH}/read`, { ...own, body: { upToMessageId } });
}

export function postTyping() {
  return apiClient().post<void>(`${PATH}/typing`, own);
}

export function postRating(conversationId: string, score: number, comment: string) {
  return apiClient().post<void>(`${PATH}/rating`, {
    ...own,
    body: { conversationId, score, ...(comment.trim() ? { comment: comment.trim() } : {}) },
  });
}

/** Where an attachment is read from: the API checks that it is this player's conversation. */
export function attachmentPath(id: string): string {
  return `${PATH}/attachments/${encodeURIComponent(id)}`;
}

async function freshToken(): Promise<string> {
  const token = currentCredential();
  if (!token) throw new ApiError(401, null);
  return token !== readToken() || isTokenFresh(token, Date.now()) ? token : refreshToken(token);
}

/**
 * POST /api/support/attachments (multipart). XMLHttpRequest rather than fetch: only it reports
 * the upload's progress.
 */
export async function uploadAttachment(
  file: File,
  locale: Locale,
  onProgress: (percent: number) => void,
): Promise<{ message: SupportMessage }> {
  const token = await freshToken();
  const form = new FormData();
  form.append('locale', locale);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${PATH}/attachments`);
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's error page: the status alone says what happened.
      }
      if (request.status >= 200 && request.status < 300)
        resolve(body as { message: SupportMessage });
      else reject(new ApiError(request.status, body));
    });
    request.addEventListener('error', () => reject(new ApiError(0, null)));
    request.send(form);
  });
}

/**
 * An attachment opened in a new tab: read with the token (it is never public, so a plain link
 * would be refused) and shown from a blob URL.
 */
export async function openAttachment(id: string, name: string): Promise<void> {
  // Opened now, inside the click, so no popup blocker stops it; it is told where to go later.
  const opened = window.open('', '_blank');
  if (opened) opened.opener = null;
  const token = await freshToken();
  const response = await fetch(attachmentPath(id), {
    headers: { authorization: `Bearer ${token}` },
    credentials: 'omit',
  });
  if (!response.ok) {
    opened?.close();
    throw new ApiError(response.status, await response.json().catch(() => null));
  }
  const url = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = url;
  else {
    // No new tab allowed: the file is saved instead.
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
