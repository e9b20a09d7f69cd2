import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import {
  bearer,
  errorOf,
  failedFields,
  PASSWORD,
  register,
  registerBody,
  uniqueEmail,
} from './player-fixtures.ts';

/**
 * Issue 13.5: the password typed again by a logged-in player, reset mails per address and
 * sign-ups per address are limited, with 429 and Retry-After.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    REGISTRATIONS_PER_IP_PER_HOUR: '3',
  });
});

afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
/** A fresh address per call, so per-IP limits (the code endpoints' 10 a minute) stay out of the way. */
const nextIp = () => `198.18.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;

const retryAfterOf = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

function expectThrottled(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(errorOf(res).code).toBe('RATE_LIMITED');
  expect(retryAfterOf(res)).toBeGreaterThan(0);
}

/** A player registered from an address of its own (the sign-up budget here is 3 per address). */
const player = () => register(t, { email: uniqueEmail() }, nextIp());

describe('PUT /api/player/passwords: the current password', () => {
  const change = (token: string, currentPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/player/passwords',
      headers: bearer(token),
      payload: {
        currentPassword,
        newPassword: 'battery staple',
        repeatNewPassword: 'battery staple',
      },
    });

  it('refuses with 429 and Retry-After after 5 wrong guesses, even the right one, and changes nothing', async () => {
    const { accessToken, email } = await player();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await change(accessToken, `guess-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(failedFields(wrong)).toEqual(['body.currentPassword']);
    }
    const locked = await change(accessToken, PASSWORD);
    expectThrottled(locked);
    expect(retryAfterOf(locked)).toBeLessThanOrEqual(60);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/player/sessions',
      remoteAddress: nextIp(),
      payload: { email, password: PASSWORD, device: { type: 'desktop' } },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('forgets the wrong guesses once the right password is given', async () => {
    const { accessToken } = await player();
    for (let i = 0; i < 4; i += 1) await change(accessToken, 'guess');
    expect((await change(accessToken, PASSWORD)).statusCode).toBe(204);
    for (let i = 0; i < 4; i += 1) {
      expect((await change(accessToken, 'guess')).statusCode).toBe(400);
    }
  });

  it('counts per player: another player is not locked', async () => {
    const a = await player();
    const b = await player();
    for (let i = 0; i < 5; i += 1) await change(a.accessToken, 'guess');
    expectThrottled(await change(a.accessToken, 'guess'));
    expect((await change(b.accessToken, 'guess')).statusCode).toBe(400);
  });
});

describe('POST /api/users/delete: the confirming password', () => {
  const remove = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/delete',
      headers: bearer(token),
      payload: { password },
    });

  it('refuses with 429 and Retry-After after 5 wrong passwords, and keeps the account', async () => {
    const { accessToken } = await player();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await remove(accessToken, `guess-${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(failedFields(wrong)).toEqual(['body.password']);
    }
    expectThrottled(await remove(accessToken, PASSWORD));
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/users/check',
      headers: bearer(accessToken),
    });
    expect(check.json()).toEqual({ removed: false });
  });
});

describe('POST /api/player/passwords/reset: mails per address', () => {
  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/player/passwords/reset',
      remoteAddress: nextIp(),
      payload: { email },
    });
  const mailsTo = async (to: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: operatorHeaders(),
    });
    const mails = z.object({ data: z.array(z.object({ to: z.string() })) }).parse(res.json());
    return mails.data.filter((mail) => mail.to === to).length;
  };
  const shape = (res: LightMyRequestResponse) =>
    res.statusCode === 204
      ? { status: 204 }
      : { status: res.statusCode, body: { ...errorOf(res), requestId: undefined } };

  it('mails an address 3 times an hour, then answers 429 — known and unknown addresses alike', async () => {
    const { email } = await player();
    const unknown = uniqueEmail('nobody');
    const before = await mailsTo(email);
    for (let i = 0; i < 3; i += 1) {
      const [known, ghost] = [await requestReset(email), await requestReset(unknown)];
      expect([known.statusCode, ghost.statusCode]).toEqual([204, 204]);
    }
    const [known, ghost] = [await requestReset(email), await requestReset(unknown)];
    expectThrottled(known);
    expect(shape(ghost)).toEqual(shape(known));
    expect(retryAfterOf(ghost)).toBe(retryAfterOf(known));
    expect((await mailsTo(email)) - before).toBe(3);
  });

  it('counts each address on its own, whatever its case', async () => {
    const { email } = await player();
    const other = await player();
    for (let i = 0; i < 3; i += 1) await requestReset(i === 1 ? email.toUpperCase() : email);
    expectThrottled(await requestReset(email.toUpperCase()));
    expect((await requestReset(other.email)).statusCode).toBe(204);
  });
});

describe('POST /api/player/register: sign-ups per address', () => {
  const signUp = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/player/register',
      remoteAddress: ip,
      payload: registerBody(),
    });

  it('creates REGISTRATIONS_PER_IP_PER_HOUR accounts from one address, then answers 429 with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i += 1) expect((await signUp(ip)).statusCode).toBe(200);
    const refused = await signUp(ip);
    expectThrottled(refused);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(3600);
    expect((await signUp(nextIp())).statusCode).toBe(200);
  });
});
