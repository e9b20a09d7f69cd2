import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bearer, failedFields, register } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { agent, multipart, PNG, reply, sent, setPresence, view } from './support-fixtures.ts';
import { signedInStaff, type SignedInStaff } from '../backoffice/staff-fixtures.ts';

/**
 * Edges of the support chat found in review: a file name outside Latin-1, a read receipt past
 * the last message, a conversation an agent reopens while a newer one is closed, and a transfer
 * to a disabled agent.
 */
let t: TestApp;
let staff: SignedInStaff;
let dataDir: string;
beforeAll(async () => {
  // A data directory of its own: the upload test counts the files stored in it.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'coinfall-support-edges-'));
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`, DATA_DIR: dataDir });
  staff = await agent(t, 'online');
});
afterAll(async () => {
  await setPresence(t, staff, 'away');
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const staffPost = (url: string) => t.app.inject({ method: 'POST', url, headers: staff.headers });

interface StaffMessage {
  id: number;
  readByPlayerAt?: string;
}
async function consoleMessages(conversationId: string): Promise<StaffMessage[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/support/conversations/${conversationId}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messages: StaffMessage[] }>().messages;
}

describe('support chat edges', () => {
  it('offers an attachment named in Cyrillic for download under that name (RFC 6266)', async () => {
    const player = await register(t);
    const body = multipart(PNG, 'паспорт.png', 'image/png');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/support/attachments',
      headers: { ...bearer(player.accessToken), ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { id, name } = upload.json<{ message: { attachment: { id: string; name: string } } }>()
      .message.attachment;
    expect(name).toBe('паспорт.png');
    for (const [url, headers] of [
      [`/api/support/attachments/${id}`, bearer(player.accessToken)],
      [`/api/admin/support/attachments/${id}`, staff.headers],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url, headers });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="???????.png"; filename*=UTF-8''${encodeURIComponent('паспорт')}.png`,
      );
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('keeps a read receipt at the last message: the agent’s next answer is unread', async () => {
    const player = await register(t);
    await sent(t, player.accessToken, 'Hello?');
    const conversationId = (await view(t, player.accessToken)).conversation!.id;
    const first = await reply(t, staff, conversationId, 'Hi, how can I help?');
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/support/read',
      headers: bearer(player.accessToken),
      payload: { upToMessageId: Number.MAX_SAFE_INTEGER },
    });
    expect(read.statusCode, read.body).toBe(204);
    const second = await reply(t, staff, conversationId, 'Are you still there?');
    const messages = await consoleMessages(conversationId);
    expect(messages.find((m) => m.id === first.id)?.readByPlayerAt).toBeDefined();
    expect(messages.find((m) => m.id === second.id)?.readByPlayerAt).toBeUndefined();
    expect((await view(t, player.accessToken)).conversation?.unreadForPlayer).toBe(1);
  });

  it('shows the player the conversation an agent reopened, and takes their next message there', async () => {
    const player = await register(t);
    await sent(t, player.accessToken, 'First question');
    const older = (await view(t, player.accessToken)).conversation!.id;
    expect((await staffPost(`/api/admin/support/conversations/${older}/close`)).statusCode).toBe(
      204,
    );
    await sent(t, player.accessToken, 'Second question');
    const newer = (await view(t, player.accessToken)).conversation!.id;
    expect(newer).not.toBe(older);
    expect((await staffPost(`/api/admin/support/conversations/${newer}/close`)).statusCode).toBe(
      204,
    );

    const reopened = await staffPost(`/api/admin/support/conversations/${older}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(204);
    expect((await view(t, player.accessToken)).conversation).toMatchObject({
      id: older,
      status: 'assigned',
    });
    await sent(t, player.accessToken, 'Back to the first question');
    const shown = await view(t, player.accessToken);
    expect(shown.conversation?.id).toBe(older);
    expect(shown.messages.map((m) => m.text)).toContain('Back to the first question');
  });

  it('hands a conversation only to an agent who can answer it: not to a disabled account', async () => {
    const player = await register(t);
    await sent(t, player.accessToken, 'Anyone there?');
    const id = (await view(t, player.accessToken)).conversation!.id;
    const colleague = await agent(t, 'away');
    const leaver = await agent(t, 'away');
    const admin = await signedInStaff(t, 'admin');
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${leaver.id}/disable`,
      headers: admin.headers,
      payload: { reason: 'Left the company' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const transfer = (staffId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/support/conversations/${id}/transfer`,
        headers: staff.headers,
        payload: { staffId },
      });

    const refused = await transfer(leaver.id);
    expect(refused.statusCode).toBe(400);
    expect(failedFields(refused)).toEqual(['body.staffId']);
    expect((await transfer(colleague.id)).statusCode).toBe(204);
  });

  it('keeps one file for an upload sent twice with one client id, one after the other or at once', async () => {
    const player = await register(t);
    const folder = path.join(t.config.dataDir, 'uploads', 'support');
    const files = async () => (await readdir(folder).catch(() => [])).length;
    const upload = (clientMessageId: string) => {
      const body = multipart(PNG, 'receipt.png', 'image/png', { clientMessageId });
      return t.app.inject({
        method: 'POST',
        url: '/api/support/attachments',
        headers: { ...bearer(player.accessToken), ...body.headers },
        payload: body.payload,
      });
    };
    const messageOf = (res: Awaited<ReturnType<typeof upload>>) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ message: { id: number; attachment: { id: string } } }>().message;
    };
    const start = await files();

    const retried = randomUUID();
    const first = messageOf(await upload(retried));
    expect(messageOf(await upload(retried))).toEqual(first);
    expect(await files()).toBe(start + 1);

    const raced = randomUUID();
    const [a, b] = (await Promise.all([upload(raced), upload(raced)])).map(messageOf);
    expect(a).toEqual(b);
    expect(await files()).toBe(start + 2);
    const shown = (await view(t, player.accessToken)).messages.filter((m) => m.attachment);
    expect(shown.map((m) => m.id)).toEqual([first.id, a!.id]);
  });
});
