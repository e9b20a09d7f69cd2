import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { userCheckResponseSchema } from '@coinfall/shared';
import { players } from '../../src/db/schema/index.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import {
  PASSWORD,
  bearer,
  errorOf,
  failedFields,
  login,
  nextIp,
  register,
} from './player-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});

afterAll(async () => {
  await t.close();
});

const call = (url: string, token?: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const check = (token?: string) => call('/api/users/check', token);
const remove = (token: string, payload?: object) => call('/api/users/delete', token, payload);
const playerRow = async (id: string) =>
  (await t.database.db.select().from(players).where(eq(players.id, id)))[0];

describe('POST /api/users/check', () => {
  it('answers removed: false for a live account', async () => {
    const { accessToken } = await register(t);
    const res = await check(accessToken);
    expect(res.statusCode).toBe(200);
    expect(userCheckResponseSchema.parse(res.json())).toEqual({ removed: false });
  });

  it('needs a login', async () => {
    const res = await check();
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/users/delete', () => {
  it('anonymises the player, ends every session and frees the email', async () => {
    const { email, profile, accessToken } = await register(t, { nickname: 'gone_soon' });
    const other = await login(t, email, PASSWORD, nextIp());
    const otherToken = other.json<{ accessToken: string }>().accessToken;
    await t.database.db
      .update(players)
      .set({
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+15555550100',
        birthdate: '1990-01-01',
      })
      .where(eq(players.id, profile.id));
    const before = await playerRow(profile.id);

    const res = await remove(accessToken, { password: PASSWORD, reason: 'taking a break' });
    expect(res.statusCode, res.body).toBe(204);

    const row = await playerRow(profile.id);
    expect(row).toMatchObject({
      email: `removed+${profile.id}@invalid.coinfall`,
      nickname: null,
      firstName: null,
      lastName: null,
      phone: null,
      address: null,
      birthdate: null,
      status: before!.status,
    });
    expect(row!.removedAt).toBeInstanceOf(Date);
    expect(row!.passwordHash).not.toBe(before!.passwordHash);

    for (const token of [accessToken, otherToken]) {
      const refused = await check(token);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('ACCOUNT_REMOVED');
    }
    expect((await login(t, email, PASSWORD, nextIp())).statusCode).toBe(401);
    expect((await login(t, row!.email, PASSWORD, nextIp())).statusCode).toBe(401);

    const again = await register(t, { email });
    expect(again.profile.id).not.toBe(profile.id);
  });

  it('spends the mailed codes of the removed account', async () => {
    const { email, accessToken } = await register(t);
    expect((await call('/api/player/passwords/reset', undefined, { email })).statusCode).toBe(204);
    const mails = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: operatorHeaders(),
    });
    const text = mails
      .json<{ data: { to: string; text: string }[] }>()
      .data.find((m) => m.to === email && m.text.includes('resetCode='))!.text;
    const code = decodeURIComponent(/resetCode=([\w%-]+)/.exec(text)![1]!);
    expect((await remove(accessToken, { password: PASSWORD })).statusCode).toBe(204);
    const reset = await call('/api/player/passwords/confirm', undefined, {
      code,
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(400);
  });

  it('refuses a wrong password, naming body.password, and keeps the account', async () => {
    const { profile, accessToken } = await register(t);
    const res = await remove(accessToken, { password: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.password']);
    expect((await check(accessToken)).statusCode).toBe(200);
    expect((await playerRow(profile.id))!.removedAt).toBeNull();
  });

  it('refuses a password account without the password', async () => {
    const { accessToken } = await register(t);
    for (const payload of [{}, undefined]) {
      const res = await remove(accessToken, payload);
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toEqual(['body.password']);
    }
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const { accessToken } = await register(t);
    const res = await remove(accessToken, { password: 42 });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('body.password');
  });

  it('needs a login', async () => {
    const res = await call('/api/users/delete', undefined, { password: PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('removes only the caller: another player is untouched', async () => {
    const a = await register(t);
    const b = await register(t);
    expect((await remove(b.accessToken, { password: PASSWORD })).statusCode).toBe(204);
    expect(userCheckResponseSchema.parse((await check(a.accessToken)).json())).toEqual({
      removed: false,
    });
    expect(await playerRow(a.profile.id)).toMatchObject({ email: a.email, removedAt: null });
    expect((await login(t, a.email, PASSWORD, nextIp())).statusCode).toBe(200);
  });
});
