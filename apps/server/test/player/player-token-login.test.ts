import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PlayerStatus, sessionResponseSchema, supportPassSchema } from '@coinfall/shared';
import { playerCodes, players } from '../../src/db/schema/index.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import {
  DEVICE,
  PASSWORD,
  bearer,
  errorOf,
  failedFields,
  nextIp,
  register,
} from './player-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    PUBLIC_URL: 'https://coinfall.test',
  });
});

afterAll(async () => {
  await t.close();
});

const mailListSchema = z.object({ data: z.array(z.object({ to: z.string(), text: z.string() })) });

// The confirmation mail's link: /?modal=success&source=confirm-email&code=…&token=…
const CONFIRM_LINK =
  /https:\/\/coinfall\.test\/\?modal=success&source=confirm-email&code=[\w-]+&token=([\w-]+)/;

/** The auto-login token of the newest confirmation mail to `to`, read from the dev mailbox. */
async function tokenFromMail(to: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dev/mailbox',
    headers: operatorHeaders(),
  });
  const mail = mailListSchema.parse(res.json()).data.find((m) => m.to === to);
  const token = mail && CONFIRM_LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation mail with a token to ${to}`);
  return decodeURIComponent(token);
}

const tokenLogin = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/player/sessions/token',
    payload,
    remoteAddress: nextIp(),
  });

const setStatus = (playerId: string, status: number) =>
  t.database.db.update(players).set({ status }).where(eq(players.id, playerId));

describe('POST /api/player/sessions/token', () => {
  it('logs in with the token of the confirmation mail, once', async () => {
    const { email, profile, accessToken } = await register(t);
    const token = await tokenFromMail(email);

    const res = await tokenLogin({ token, device: DEVICE, location: { lat: 1, lon: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const session = sessionResponseSchema.parse(res.json());
    expect(session.profile.id).toBe(profile.id);
    expect(session.accessToken).not.toBe(accessToken);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(session.accessToken),
    });
    expect(me.statusCode).toBe(200);

    const again = await tokenLogin({ token, device: DEVICE });
    expect(again.statusCode).toBe(400);
    expect(failedFields(again)).toEqual(['body.token']);
  });

  it('refuses the token once the password has been changed', async () => {
    const { email, accessToken } = await register(t);
    const token = await tokenFromMail(email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/player/passwords',
      headers: bearer(accessToken),
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'another password',
        repeatNewPassword: 'another password',
      },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const res = await tokenLogin({ token, device: DEVICE });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.token']);
  });

  it('refuses an expired token', async () => {
    const { email, profile } = await register(t);
    const token = await tokenFromMail(email);
    await t.database.db
      .update(playerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(playerCodes.playerId, profile.id), eq(playerCodes.purpose, 'auto_login')));
    const res = await tokenLogin({ token, device: DEVICE });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.token']);
  });

  it('refuses a token of another purpose (the confirmation code itself)', async () => {
    const { email } = await register(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: operatorHeaders(),
    });
    const text = mailListSchema.parse(res.json()).data.find((m) => m.to === email)!.text;
    const code = /[?&]code=([\w-]+)/.exec(text)![1]!;
    const refused = await tokenLogin({ token: code, device: DEVICE });
    expect(refused.statusCode).toBe(400);
    expect(failedFields(refused)).toEqual(['body.token']);
  });

  it('refuses a blocked player and leaves the token usable once unblocked', async () => {
    const { email, profile } = await register(t);
    const token = await tokenFromMail(email);
    await setStatus(profile.id, PlayerStatus.Blocked);
    const blocked = await tokenLogin({ token, device: DEVICE });
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).code).toBe('ACCOUNT_BLOCKED');
    // Like a refused password login: a pass to the support chat, for this player only.
    const pass = supportPassSchema.parse(
      (errorOf(blocked).details as { supportPass?: unknown }).supportPass,
    );
    const chat = await t.app.inject({
      method: 'GET',
      url: '/api/support/conversation',
      headers: bearer(pass.token),
    });
    expect(chat.statusCode).toBe(200);
    await setStatus(profile.id, PlayerStatus.Active);
    expect((await tokenLogin({ token, device: DEVICE })).statusCode).toBe(200);
  });

  it('refuses the token of a removed account', async () => {
    const { email, accessToken } = await register(t);
    const token = await tokenFromMail(email);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/users/delete',
      headers: bearer(accessToken),
      payload: { password: 'correct horse' },
    });
    expect(removed.statusCode).toBe(204);
    const res = await tokenLogin({ token, device: DEVICE });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.token']);
  });

  it.each([
    ['an unknown token', { token: 'no-such-token' }, 'body.token'],
    ['a missing token', { token: undefined }, 'body.token'],
    ['an empty token', { token: '  ' }, 'body.token'],
    ['a missing device', { token: 'x', device: undefined }, 'body.device'],
  ])('answers 400 naming the field for %s', async (_name, overrides, field) => {
    const res = await tokenLogin({ device: DEVICE, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain(field);
  });

  it('limits each client IP to 20 attempts a minute', async () => {
    const remoteAddress = '203.0.113.202';
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/player/sessions/token',
        payload: { token: `guess-${randomUUID()}`, device: DEVICE },
        remoteAddress,
      });
    for (let i = 0; i < 20; i += 1) expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
  });
});
