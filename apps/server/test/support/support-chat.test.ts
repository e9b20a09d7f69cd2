import { randomUUID } from 'node:crypto';
import type { Centrifuge } from 'centrifuge';
import { and, eq, sql } from 'drizzle-orm';
import {
  SUPPORT_MESSAGE_RATE,
  SUPPORT_STAFF_CHANNEL,
  playerChannel,
  supportPassSchema,
  supportPlayerChannel,
  supportQueueListSchema,
} from '@coinfall/shared';
import { devMailbox, supportConversations } from '../../src/db/schema/index.ts';
import { SUPPORT_REPLY_SUBJECTS } from '../../src/modules/support/support-mail.fns.ts';
import { signedInStaff, type SignedInStaff } from '../backoffice/staff-fixtures.ts';
import { bearer, errorOf, login, PASSWORD, register } from '../player/player-fixtures.ts';
import {
  createListeningApp,
  wsClient,
  type RealtimeTestApp,
} from '../realtime/realtime-fixtures.ts';
import {
  agent,
  listen,
  multipart,
  PNG,
  reply,
  send,
  sent,
  setPresence,
  staffRealtimeToken,
  subscribeError,
  view,
} from './support-fixtures.ts';

/**
 * The support chat end to end on one node (decision 040): HTTP on both sides, the outbox, the
 * gateway and the official client. Runs on PGlite, and on PostgreSQL + Redis when configured.
 */
let t: RealtimeTestApp;
const clients: Centrifuge[] = [];
/** Agents this file put online: every test starts with none online. */
const online: SignedInStaff[] = [];
beforeAll(async () => {
  t = await createListeningApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const staff of online.splice(0)) await setPresence(t, staff, 'away');
});
afterAll(() => t.close());

const track = (client: Centrifuge) => {
  clients.push(client);
  return client;
};
async function onlineAgent(name?: string) {
  const a = await agent(t, 'online', 'support', name);
  online.push(a);
  return a;
}

describe('a player and an agent', () => {
  it('a player’s message reaches the agent’s console live, and the answer comes back live', async () => {
    const staff = await onlineAgent('Maya');
    const player = await register(t);
    expect((await view(t, player.accessToken)).conversation).toBeNull();

    const console_ = track(wsClient(t, { token: await staffRealtimeToken(t, staff) }));
    const staffFeed = await listen(console_, SUPPORT_STAFF_CHANNEL);
    const first = await sent(t, player.accessToken, 'Hello, my purchase is missing');
    const playerSide = track(wsClient(t, { token: player.accessToken }));
    const me = (await view(t, player.accessToken)).conversation!;
    expect(me).toMatchObject({ status: 'assigned', assignedAgentName: 'Maya' });
    const playerFeed = await listen(playerSide, supportPlayerChannel(tokenSub(player.accessToken)));

    // The staff channel is one for every console: on a shared Redis it also carries other test
    // files' messages, whose ids (a sequence per database) may equal this one's; the
    // conversation's id is this test's own.
    await vi.waitFor(() =>
      expect(staffFeed.received.map((m) => m.data)).toContainEqual({
        type: 'message',
        message: expect.objectContaining({
          id: first.id,
          conversationId: first.conversationId,
          author: 'player',
          internal: false,
        }) as unknown,
      }),
    );
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/conversations?assignee=me',
      headers: staff.headers,
    });
    const rows = supportQueueListSchema.parse(queue.json()).data;
    expect(rows.map((r) => r.id)).toEqual([me.id]);
    expect(rows[0]).toMatchObject({ unreadForAgent: 1, lastMessagePreview: first.text });

    const answer = await reply(t, staff, me.id, 'Let me look at it');
    await vi.waitFor(() =>
      expect(playerFeed.received.map((m) => m.data)).toContainEqual({
        type: 'message',
        message: expect.objectContaining({
          id: answer.id,
          author: 'agent',
          authorName: 'Maya',
          text: 'Let me look at it',
        }) as unknown,
      }),
    );
    // Staff are shown by display name only: no email anywhere in what the player reads.
    const history = await view(t, player.accessToken);
    expect(JSON.stringify(history)).not.toContain(staff.email);
    expect(history.messages.map((m) => m.text)).toEqual([first.text, 'Let me look at it']);
  });

  it('keeps internal notes from the player', async () => {
    const staff = await onlineAgent();
    const player = await register(t);
    await sent(t, player.accessToken, 'Hi');
    const id = (await view(t, player.accessToken)).conversation!.id;
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/messages`,
      headers: staff.headers,
      payload: { text: 'VIP, be quick', internal: true },
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((await view(t, player.accessToken)).messages.map((m) => m.text)).toEqual(['Hi']);
  });
});

describe('authorization', () => {
  it('lets no other player read, post into or subscribe to a conversation', async () => {
    const owner = await register(t);
    const other = await register(t);
    const upload = multipart(PNG, 'receipt.png', 'image/png');
    const attached = await t.app.inject({
      method: 'POST',
      url: '/api/support/attachments',
      headers: { ...bearer(owner.accessToken), ...upload.headers },
      payload: upload.payload,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const attachmentId = attached.json<{ message: { attachment: { id: string } } }>().message
      .attachment.id;
    const conversationId = (await view(t, owner.accessToken)).conversation!.id;

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/support/attachments/${attachmentId}`,
      headers: bearer(other.accessToken),
    });
    expect(file.statusCode).toBe(404);
    const rating = await t.app.inject({
      method: 'POST',
      url: '/api/support/rating',
      headers: bearer(other.accessToken),
      payload: { conversationId, score: 1 },
    });
    expect(rating.statusCode).toBe(404);
    expect((await view(t, other.accessToken)).conversation).toBeNull();

    const client = track(wsClient(t, { token: other.accessToken }));
    expect(await subscribeError(client, supportPlayerChannel(tokenSub(owner.accessToken)))).toBe(
      103,
    );
    expect(await subscribeError(client, SUPPORT_STAFF_CHANNEL)).toBe(103);
    const guest = await t.app.inject({ method: 'GET', url: '/api/support/conversation' });
    expect(guest.statusCode).toBe(401);
  });

  it('lets a blocked player reach support, and nothing else', async () => {
    const admin = await signedInStaff(t, 'admin');
    const player = await register(t);
    const playerId = tokenSub(player.accessToken);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/players/${playerId}/block`,
      headers: admin.headers,
      payload: { reason: 'chargeback under review' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);

    const refused = await login(t, player.email, PASSWORD);
    expect(errorOf(refused).code).toBe('ACCOUNT_BLOCKED');
    const pass = supportPassSchema.parse(
      (errorOf(refused).details as { supportPass: unknown }).supportPass,
    );
    const wrongPassword = await login(t, player.email, 'not the password');
    expect(JSON.stringify(wrongPassword.json())).not.toContain('supportPass');

    const message = await sent(t, pass.token, 'Why was I blocked?');
    expect(message.author).toBe('player');
    for (const url of ['/api/player/profile', '/api/wallet/accounts']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(pass.token) });
      expect(res.statusCode, url).toBe(401);
    }
    const client = track(wsClient(t, { token: pass.token }));
    await listen(client, supportPlayerChannel(playerId));
    expect(await subscribeError(client, playerChannel('wallet', playerId))).toBe(103);
  });
});

describe('attachments', () => {
  it('keeps an image private to its player and the agents', async () => {
    const staff = await onlineAgent();
    const player = await register(t);
    const upload = multipart(PNG, '../../etc/receipt<script>.png', 'image/png', {
      text: 'my receipt',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/attachments',
      headers: { ...bearer(player.accessToken), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { attachment } = res.json<{
      message: { attachment: { id: string; name: string; contentType: string } };
    }>().message;
    expect(attachment).toMatchObject({ name: 'receiptscript.png', contentType: 'image/png' });
    for (const [url, headers] of [
      [`/api/support/attachments/${attachment.id}`, bearer(player.accessToken)],
      [`/api/admin/support/attachments/${attachment.id}`, staff.headers],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url, headers });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('refuses a renamed executable sent as image/png, by its content', async () => {
    const player = await register(t);
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(256),
    ]);
    const upload = multipart(exe, 'photo.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/attachments',
      headers: { ...bearer(player.accessToken), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await view(t, player.accessToken)).messages).toEqual([]);
  });
});

describe('delivery', () => {
  it('delivers what was said while the player was offline on reconnect (recovery and history)', async () => {
    const staff = await onlineAgent();
    const player = await register(t);
    const playerId = tokenSub(player.accessToken);
    await sent(t, player.accessToken, 'Anyone there?');
    const conversationId = (await view(t, player.accessToken)).conversation!.id;
    const first = track(wsClient(t, { token: player.accessToken }));
    const before = await listen(first, supportPlayerChannel(playerId));
    first.disconnect();

    const answer = await reply(t, staff, conversationId, 'Yes, sorry for the wait');
    const again = track(wsClient(t, { token: player.accessToken }));
    const sub = again.newSubscription(supportPlayerChannel(playerId), {
      since: before.subscribed.streamPosition!,
    });
    const recovered: unknown[] = [];
    sub.on('publication', (ctx) => recovered.push(ctx.data));
    sub.subscribe();
    again.connect();
    await vi.waitFor(() =>
      expect(recovered).toContainEqual(
        expect.objectContaining({
          data: {
            type: 'message',
            message: expect.objectContaining({ id: answer.id }) as unknown,
          },
        }),
      ),
    );
    expect((await view(t, player.accessToken)).messages.map((m) => m.id)).toContain(answer.id);
  });

  it('emails an agent’s answer to a player who is away, once, and not to one who is there', async () => {
    const staff = await onlineAgent();
    const away = await register(t);
    const here = await register(t);
    await sent(t, away.accessToken, 'I will be back later');
    await sent(t, here.accessToken, 'I am waiting here');
    const awayId = (await view(t, away.accessToken)).conversation!.id;
    const hereId = (await view(t, here.accessToken)).conversation!.id;
    await t.database.db
      .update(supportConversations)
      .set({ playerSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(supportConversations.id, awayId));

    await reply(t, staff, awayId, 'Your coins are credited');
    await reply(t, staff, hereId, 'Your coins are credited');
    // Only the support answers: registration sent its own mail to both.
    const mailTo = async (email: string) =>
      t.database.db
        .select()
        .from(devMailbox)
        .where(and(eq(devMailbox.to, email), eq(devMailbox.subject, SUPPORT_REPLY_SUBJECTS.en)));
    const mails = await mailTo(away.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your coins are credited');
    expect(await mailTo(here.email)).toHaveLength(0);
    await reply(t, staff, awayId, 'Anything else?');
    expect(await mailTo(away.email)).toHaveLength(2);
  });
  it('emails the answer in the language the player last wrote from', async () => {
    const staff = await onlineAgent('Lucía');
    const player = await register(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      headers: bearer(player.accessToken),
      payload: { text: '¿Dónde están mis monedas?', clientMessageId: randomUUID(), locale: 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (await view(t, player.accessToken)).conversation!.id;
    await t.database.db
      .update(supportConversations)
      .set({ playerSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(supportConversations.id, id));

    await reply(t, staff, id, 'Ya están acreditadas');
    const [mail, ...more] = await t.database.db
      .select()
      .from(devMailbox)
      .where(
        and(eq(devMailbox.to, player.email), eq(devMailbox.subject, SUPPORT_REPLY_SUBJECTS.es)),
      );
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Lucía: Ya están acreditadas');
    expect(mail!.text).toContain('Abre el chat en');
  });
});

describe('safety and consistency', () => {
  it('limits a player’s messages per window (429)', async () => {
    const player = await register(t);
    for (let i = 0; i < SUPPORT_MESSAGE_RATE.limit; i += 1) {
      expect((await send(t, player.accessToken, `message ${i}`)).statusCode).toBe(200);
    }
    const over = await send(t, player.accessToken, 'one more');
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
  });

  it('stores half an emoji as U+FFFD, not a server error', async () => {
    const player = await register(t);
    const res = await send(t, player.accessToken, 'broken \ud83d emoji \ud83d\ude00');
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(t, player.accessToken)).messages.map((m) => m.text)).toEqual([
      'broken \ufffd emoji \ud83d\ude00',
    ]);
  });

  it('answers a retried clientMessageId with the first message', async () => {
    const player = await register(t);
    const clientMessageId = randomUUID();
    const a = await send(t, player.accessToken, 'Once', clientMessageId);
    const b = await send(t, player.accessToken, 'Once', clientMessageId);
    expect(b.json()).toEqual(a.json());
    expect((await view(t, player.accessToken)).messages).toHaveLength(1);
  });

  it('opens one conversation for a player writing from several tabs at once', async () => {
    const player = await register(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => send(t, player.accessToken, `tab ${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(
      answers.map((a) => a.json<{ message: { conversationId: string } }>().message.conversationId),
    );
    expect(ids.size).toBe(1);
    const open = await t.database.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.playerId, tokenSub(player.accessToken)));
    expect(open).toHaveLength(1);
  });

  it('assigns a new conversation to the least busy online agent, and waits when none is', async () => {
    const busy = await onlineAgent('Busy');
    await onlineAgent('Idle');
    const first = await register(t);
    await sent(t, first.accessToken, 'first');
    const firstId = (await view(t, first.accessToken)).conversation!.id;
    const take = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${firstId}/take`,
      headers: busy.headers,
    });
    expect(take.statusCode, take.body).toBe(204);

    const second = await register(t);
    await sent(t, second.accessToken, 'second');
    expect((await view(t, second.accessToken)).conversation!.assignedAgentName).toBe('Idle');

    for (const a of online.splice(0)) await setPresence(t, a, 'away');
    const third = await register(t);
    await sent(t, third.accessToken, 'third');
    const waiting = await view(t, third.accessToken);
    expect(waiting).toMatchObject({ agentsOnline: false, conversation: { status: 'waiting' } });
  });

  it('closes, asks for a rating once, and audits the agent’s state changes', async () => {
    const staff = await onlineAgent();
    const player = await register(t);
    await sent(t, player.accessToken, 'Thanks!');
    const id = (await view(t, player.accessToken)).conversation!.id;
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${id}/close`,
      headers: staff.headers,
    });
    expect(close.statusCode, close.body).toBe(204);
    expect((await view(t, player.accessToken)).conversation).toMatchObject({
      status: 'closed',
      ratingAsked: true,
    });
    const rate = (score: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/rating',
        headers: bearer(player.accessToken),
        payload: { conversationId: id, score },
      });
    expect((await rate(5)).statusCode).toBe(204);
    expect((await rate(4)).statusCode).toBe(409);
    const admin = await signedInStaff(t, 'admin');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${id}`,
      headers: admin.headers,
    });
    expect(audit.json<{ data: { action: string }[] }>().data.map((r) => r.action)).toEqual([
      'support.closed',
    ]);
  });
});

function tokenSub(token: string): string {
  return (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
      sub: string;
    }
  ).sub;
}
