import { randomUUID } from 'node:crypto';
import type { Centrifuge, DisconnectedContext } from 'centrifuge';
import { eq } from 'drizzle-orm';
import {
  REALTIME_DISCONNECT,
  SUPPORT_ANSWER_RPC,
  SUPPORT_MESSAGE_RATE,
  SUPPORT_SEND_RPC,
  SUPPORT_STAFF_CHANNEL,
  errorBodySchema,
  supportMessageResponseSchema,
  supportPassSchema,
  supportStaffMessageResponseSchema,
} from '@coinfall/shared';
import { supportMessages } from '../../src/db/schema/index.ts';
import { DISCONNECT } from '../../src/modules/realtime/protocol.fns.ts';
import { errorOf, login, PASSWORD, register } from '../player/player-fixtures.ts';
import { signedInStaff, type SignedInStaff } from '../backoffice/staff-fixtures.ts';
import {
  createListeningApp,
  next,
  wsClient,
  type RealtimeTestApp,
} from '../realtime/realtime-fixtures.ts';
import {
  agent,
  listen,
  send,
  sent,
  setPresence,
  staffRealtimeToken,
  view,
} from './support-fixtures.ts';

/**
 * Player messages on the socket (decision 071): `support.send` on the realtime gateway, written
 * by the same group commit as POST /api/support/messages. Runs on PGlite, and on PostgreSQL +
 * Redis when configured.
 */
let t: RealtimeTestApp;
const clients: Centrifuge[] = [];
beforeAll(async () => {
  t = await createListeningApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(() => t.close());

async function connected(token: string): Promise<Centrifuge> {
  const client = wsClient(t, { token });
  clients.push(client);
  const ready = next(client, 'connected');
  client.connect();
  await ready;
  return client;
}

const tokenSub = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string })
    .sub;

async function say(client: Centrifuge, text: string, clientMessageId: string = randomUUID()) {
  const answer = await client.rpc(SUPPORT_SEND_RPC, { text, clientMessageId, locale: 'en' });
  return supportMessageResponseSchema.parse(answer.data).message;
}

/** The API's error body an app refusal carries, and its status as the code. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error('the call was not refused');
    },
    (e: { code: number; message: string }) => e,
  );
  return { status: error.code, body: errorBodySchema.parse(JSON.parse(error.message)) };
}

describe('support.send on the socket', () => {
  it('stores the message and delivers it to the console, and HTTP with its id is a retry', async () => {
    const staff = await agent(t);
    const console_ = wsClient(t, { token: await staffRealtimeToken(t, staff) });
    clients.push(console_);
    const feed = await listen(console_, SUPPORT_STAFF_CHANNEL);
    const player = await register(t);
    const client = await connected(player.accessToken);

    const clientMessageId = randomUUID();
    const message = await say(client, '  My coins did not arrive  ', clientMessageId);
    expect(message).toMatchObject({ author: 'player', text: 'My coins did not arrive' });
    // The staff channel is one for every console: on a shared Redis it also carries other test
    // files' messages, whose ids (a sequence per database) may equal this one's; the
    // conversation's id is this test's own.
    await vi.waitFor(() =>
      expect(feed.received.map((m) => m.data)).toContainEqual({
        type: 'message',
        message: expect.objectContaining({
          id: message.id,
          conversationId: message.conversationId,
          internal: false,
        }) as unknown,
      }),
    );
    const again = await send(t, player.accessToken, 'ignored: a retry', clientMessageId);
    expect(again.statusCode).toBe(200);
    expect(supportMessageResponseSchema.parse(again.json()).message.id).toBe(message.id);
    expect((await say(client, 'also ignored', clientMessageId)).id).toBe(message.id);
    expect((await view(t, player.accessToken)).messages.map((m) => m.id)).toEqual([message.id]);
    await setPresence(t, staff, 'away');
  });

  it('takes a client id in capitals for the same id: a retry, on either path', async () => {
    const player = await register(t);
    const client = await connected(player.accessToken);
    const clientMessageId = randomUUID();
    const first = await say(client, 'Hello', clientMessageId);
    const overHttp = await send(t, player.accessToken, 'Hello', clientMessageId.toUpperCase());
    expect(overHttp.statusCode, overHttp.body).toBe(200);
    expect(supportMessageResponseSchema.parse(overHttp.json()).message.id).toBe(first.id);
    expect((await say(client, 'Hello', clientMessageId.toUpperCase())).id).toBe(first.id);
    expect((await view(t, player.accessToken)).messages).toHaveLength(1);
  });

  it('refuses bad data with the 400 the API would answer, naming the field', async () => {
    const player = await register(t);
    const client = await connected(player.accessToken);
    const empty = await refusal(
      client.rpc(SUPPORT_SEND_RPC, { text: '   ', clientMessageId: randomUUID() }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.details?.fields?.[0]?.field).toBe('data.text');
    const noId = await refusal(client.rpc(SUPPORT_SEND_RPC, { text: 'hi' }));
    expect(noId.body.details?.fields?.map((f) => f.field)).toEqual(['data.clientMessageId']);
    const control = await refusal(
      client.rpc(SUPPORT_SEND_RPC, { text: 'a\u0007b', clientMessageId: randomUUID() }),
    );
    expect(control.body.details?.fields?.map((f) => f.field)).toEqual(['data.text']);
    expect((await view(t, player.accessToken)).conversation).toBeNull();
  });

  it('counts one rate limit over both paths; a burst keeps the first ones, in order', async () => {
    const player = await register(t);
    const client = await connected(player.accessToken);
    const other = await register(t);
    const otherClient = await connected(other.accessToken);
    expect((await send(t, player.accessToken, 'over HTTP')).statusCode).toBe(200);

    // Sent at once: they share batches with each other and with the other player's.
    const burst = Array.from({ length: SUPPORT_MESSAGE_RATE.limit }, (_, i) =>
      say(client, `burst ${i}`).then(
        (m) => m.text,
        () => 'refused',
      ),
    );
    const others = Array.from({ length: 3 }, (_, i) => say(otherClient, `other ${i}`));
    const texts = await Promise.all(burst);
    const expected = Array.from({ length: SUPPORT_MESSAGE_RATE.limit - 1 }, (_, i) => `burst ${i}`);
    expect(texts).toEqual([...expected, 'refused']);
    expect((await Promise.all(others)).map((m) => m.text)).toEqual([
      'other 0',
      'other 1',
      'other 2',
    ]);
    const over = await refusal(
      client.rpc(SUPPORT_SEND_RPC, { text: 'x', clientMessageId: randomUUID() }),
    );
    expect(over).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    const overHttp = await send(t, player.accessToken, 'and over HTTP');
    expect(overHttp.statusCode).toBe(429);

    const stored = await t.database.db
      .select({ id: supportMessages.id, text: supportMessages.text })
      .from(supportMessages)
      .where(eq(supportMessages.playerId, tokenSub(player.accessToken)))
      .orderBy(supportMessages.id);
    expect(stored.map((m) => m.text)).toEqual(['over HTTP', ...expected]);
  });

  it('lets a blocked player write with the support pass, and never a staff token', async () => {
    const admin = await signedInStaff(t, 'admin');
    const player = await register(t);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/players/${tokenSub(player.accessToken)}/block`,
      headers: admin.headers,
      payload: { reason: 'chargeback under review' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const pass = supportPassSchema.parse(
      (errorOf(await login(t, player.email, PASSWORD)).details as { supportPass: unknown })
        .supportPass,
    );
    const client = await connected(pass.token);
    expect((await say(client, 'Why was I blocked?')).author).toBe('player');

    const staff = await agent(t, 'away');
    const console_ = await connected(await staffRealtimeToken(t, staff));
    await expect(
      console_.rpc(SUPPORT_SEND_RPC, { text: 'as a player', clientMessageId: randomUUID() }),
    ).rejects.toMatchObject({ code: 103 });
  });
});

describe('answers written together', () => {
  it('answers every conversation of a burst but the closed one, which alone is refused', async () => {
    const staff = await agent(t);
    const players = await Promise.all(Array.from({ length: 5 }, () => register(t)));
    const conversations = [];
    for (const [i, p] of players.entries()) {
      conversations.push((await sent(t, p.accessToken, `question ${i}`)).conversationId);
    }
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${conversations[2]}/close`,
      headers: staff.headers,
    });
    expect(closed.statusCode, closed.body).toBe(204);

    const answers = await Promise.all(
      conversations.map((id, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/support/conversations/${id}/messages`,
          headers: staff.headers,
          payload: { text: `answer ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 409, 200, 200]);
    for (const [i, p] of players.entries()) {
      const texts = (await view(t, p.accessToken)).messages.map((m) => m.text);
      expect(texts).toEqual(i === 2 ? ['question 2'] : [`question ${i}`, `answer ${i}`]);
    }
    await setPresence(t, staff, 'away');
  });
});

describe('support.answer on the console socket', () => {
  it("answers and notes as the reply route does, while the agent's session stands", async () => {
    const staff = await agent(t, 'online', 'support', 'Rosa');
    const player = await register(t);
    const question = await sent(t, player.accessToken, 'Where is my payout?');
    const console_ = await connected(await staffRealtimeToken(t, staff));
    const answer = async (text: string, internal = false) =>
      supportStaffMessageResponseSchema.parse(
        (
          await console_.rpc(SUPPORT_ANSWER_RPC, {
            conversationId: question.conversationId,
            text,
            internal,
          })
        ).data,
      ).message;

    expect(await answer('Checking the bank file', true)).toMatchObject({ internal: true });
    expect(await answer('It leaves today')).toMatchObject({
      author: 'agent',
      authorName: 'Rosa',
      internal: false,
    });
    expect((await view(t, player.accessToken)).messages.map((m) => m.text)).toEqual([
      'Where is my payout?',
      'It leaves today',
    ]);
    const bad = await refusal(
      console_.rpc(SUPPORT_ANSWER_RPC, { conversationId: 'nope', text: 'x' }),
    );
    expect(bad.body.details?.fields?.map((f) => f.field)).toEqual(['data.conversationId']);
  });

  // The socket's token lasts minutes; the session and role behind it may end before (decision 074).
  /** A change an admin makes to the agent's account. */
  const byAdmin =
    (action: string, payload: Record<string, string>) => async (staff: SignedInStaff) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/staff/${staff.id}/${action}`,
        headers: (await signedInStaff(t, 'admin')).headers,
        payload,
      });
  const endings = [
    [
      'its agent signs out',
      async (staff: SignedInStaff) =>
        t.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: staff.headers }),
    ],
    [
      'an admin moves its agent to a role without the chat',
      byAdmin('role', { role: 'finance', reason: 'Moved to finance' }),
    ],
    ['an admin disables its agent', byAdmin('disable', { reason: 'Left the company' })],
  ] as const;
  it.each(endings)(
    "closes the console's socket at once when %s, and its token connects no more",
    async (_, end) => {
      const staff = await agent(t, 'online');
      const token = await staffRealtimeToken(t, staff);
      const console_ = wsClient(t, { token });
      clients.push(console_);
      await listen(console_, SUPPORT_STAFF_CHANNEL);
      const closed = next<DisconnectedContext>(console_, 'disconnected');
      const res = await end(staff);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect((await closed).code).toBe(REALTIME_DISCONNECT.sessionEnded.code);

      const again = wsClient(t, { token });
      clients.push(again);
      const refused = next<DisconnectedContext>(again, 'disconnected');
      again.connect();
      expect((await refused).code).toBe(DISCONNECT.invalidToken.code); // terminal: no retry
    },
  );

  it("is the console's alone: a player gets 103", async () => {
    const player = await register(t);
    const mine = await sent(t, player.accessToken, 'hello');
    const client = await connected(player.accessToken);
    await expect(
      client.rpc(SUPPORT_ANSWER_RPC, { conversationId: mine.conversationId, text: 'self-answer' }),
    ).rejects.toMatchObject({ code: 103 });
  });
});
