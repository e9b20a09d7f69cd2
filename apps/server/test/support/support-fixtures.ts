import { randomUUID } from 'node:crypto';
import type {
  Centrifuge,
  PublicationContext,
  SubscribedContext,
  UnsubscribedContext,
} from 'centrifuge';
import type { FastifyInstance } from 'fastify';
import {
  supportConversationViewSchema,
  supportMessageResponseSchema,
  supportRealtimeTokenSchema,
  type RealtimeMessage,
  type StaffRole,
} from '@coinfall/shared';
import { signedInStaff, type SignedInStaff } from '../backoffice/staff-fixtures.ts';
import { bearer } from '../player/player-fixtures.ts';
import { next } from '../realtime/realtime-fixtures.ts';
import type { TestApp } from '../test-app.ts';

type App = { app: FastifyInstance };

/** A support agent signed in to the back office, online (or as asked). */
export async function agent(
  t: TestApp,
  presence: 'online' | 'away' = 'online',
  role: StaffRole = 'support',
  displayName = `Agent ${randomUUID().slice(0, 4)}`,
): Promise<SignedInStaff & { displayName: string }> {
  const staff = await signedInStaff(t, role);
  await setPresence(t, staff, presence, displayName);
  return { ...staff, displayName };
}

export async function setPresence(
  t: App,
  staff: SignedInStaff,
  status: 'online' | 'away',
  displayName?: string,
) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/support/presence',
    headers: staff.headers,
    payload: { status, ...(displayName ? { displayName } : {}) },
  });
  if (res.statusCode !== 204) throw new Error(`presence: ${res.statusCode} ${res.body}`);
}

export function send(t: App, token: string, text: string, clientMessageId: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/support/messages',
    headers: bearer(token),
    payload: { text, clientMessageId },
  });
}

export async function sent(t: App, token: string, text: string) {
  const res = await send(t, token, text);
  if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
  return supportMessageResponseSchema.parse(res.json()).message;
}

export async function view(t: App, token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/support/conversation',
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`view: ${res.statusCode} ${res.body}`);
  return supportConversationViewSchema.parse(res.json());
}

export async function reply(t: App, staff: SignedInStaff, conversationId: string, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/support/conversations/${conversationId}/messages`,
    headers: staff.headers,
    payload: { text },
  });
  if (res.statusCode !== 200) throw new Error(`reply: ${res.statusCode} ${res.body}`);
  return res.json<{ message: { id: number; text: string } }>().message;
}

export async function staffRealtimeToken(t: App, staff: SignedInStaff) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/support/realtime-token',
    headers: staff.headers,
  });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return supportRealtimeTokenSchema.parse(res.json()).token;
}

/** Subscribes (connecting the client) and collects what the channel publishes. */
export async function listen(client: Centrifuge, channel: string) {
  const sub = client.newSubscription(channel);
  const received: RealtimeMessage<Record<string, unknown>>[] = [];
  sub.on('publication', (ctx: PublicationContext) =>
    received.push(ctx.data as RealtimeMessage<Record<string, unknown>>),
  );
  const ready = next<SubscribedContext>(sub, 'subscribed');
  sub.subscribe();
  client.connect();
  const subscribed = await ready;
  return { sub, received, subscribed };
}

/** The error code a subscription to `channel` fails with (e.g. 103 permission denied). */
export async function subscribeError(client: Centrifuge, channel: string): Promise<number> {
  const sub = client.newSubscription(channel);
  const refused = next<UnsubscribedContext>(sub, 'unsubscribed');
  sub.subscribe();
  client.connect();
  const { code } = await refused;
  client.removeSubscription(sub);
  return code;
}

/** A multipart body with the file part and, before it, these text fields (text, clientMessageId…). */
export function multipart(
  file: Buffer,
  filename: string,
  contentType: string,
  fields: Record<string, string> = {},
) {
  const boundary = `----support${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The 1×1 PNG the upload tests send. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
