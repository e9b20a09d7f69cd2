import { createLocalSessionChanges } from '../../src/platform/sessions/session-changes.ts';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { playerProfileSchema } from '@coinfall/shared';
import { playerCodes } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { MailMessage, Mailer } from '../../src/platform/mail/mailer.ts';
import { createCodeRepo } from '../../src/modules/player/confirmations.repo.ts';
import {
  createEmailConfirmationService,
  createOneTimeCodes,
} from '../../src/modules/player/confirmations.service.ts';
import { createPasswordService } from '../../src/modules/player/passwords.service.ts';
import { createPlayerRepo } from '../../src/modules/player/player.repo.ts';
import { createOutboxRepo } from '../../src/platform/events/outbox.repo.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  bearer,
  codeFromMail,
  errorOf,
  LINK_CODE,
  failedFields,
  login,
  mailbox,
  nextIp,
  PASSWORD,
  register,
  uniqueEmail,
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

const NEW_PASSWORD = 'battery staple';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
const changePassword = (token: string | undefined, payload: object) =>
  call('PUT', '/api/player/passwords', token, payload);
const requestReset = (email: string) =>
  call('POST', '/api/player/passwords/reset', undefined, { email });
const confirmReset = (payload: object) =>
  call('POST', '/api/player/passwords/confirm', undefined, payload);
const profileStatus = async (token: string) =>
  (await call('GET', '/api/player/profile', token)).statusCode;

const mailsTo = async (to: string) => (await mailbox(t)).filter((m) => m.to === to);

describe('PUT /api/player/passwords', () => {
  it('changes the password, ends every other session at once and keeps the current one', async () => {
    const registered = await register(t);
    const other = await login(t, registered.email, PASSWORD, nextIp());
    const current = await login(t, registered.email, PASSWORD, nextIp());
    const otherToken = z.object({ accessToken: z.string() }).parse(other.json()).accessToken;
    const currentToken = z.object({ accessToken: z.string() }).parse(current.json()).accessToken;

    const res = await changePassword(currentToken, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      repeatNewPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(204);

    expect(await profileStatus(currentToken)).toBe(200);
    const ended = await call('GET', '/api/player/profile', otherToken);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).code).toBe('SESSION_ENDED');
    expect(await profileStatus(registered.accessToken)).toBe(401);

    expect((await login(t, registered.email, PASSWORD, nextIp())).statusCode).toBe(401);
    expect((await login(t, registered.email, NEW_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await changePassword(undefined, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      repeatNewPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
  });

  describe('bad input: 400 naming the field, password unchanged', () => {
    let session: Awaited<ReturnType<typeof register>>;
    beforeAll(async () => {
      session = await register(t);
    });

    it.each([
      [
        'a wrong current password',
        { currentPassword: 'not it', newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
        'body.currentPassword',
      ],
      [
        'a missing current password',
        { newPassword: NEW_PASSWORD, repeatNewPassword: NEW_PASSWORD },
        'body.currentPassword',
      ],
      [
        'a new password under 6 characters',
        { currentPassword: PASSWORD, newPassword: 'short', repeatNewPassword: 'short' },
        'body.newPassword',
      ],
      [
        'a repeat that does not match',
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, repeatNewPassword: 'battery' },
        'body.repeatNewPassword',
      ],
      [
        'a missing repeat',
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        'body.repeatNewPassword',
      ],
    ])('%s', async (_name, payload, field) => {
      const res = await changePassword(session.accessToken, payload);
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toContain(field);
      expect(await profileStatus(session.accessToken)).toBe(200);
    });

    it('kept the old password through all of them', async () => {
      expect((await login(t, session.email, PASSWORD, nextIp())).statusCode).toBe(200);
    });
  });
});

describe('password reset', () => {
  it('answers 204 whatever the email, and mails only a known one', async () => {
    const { email } = await register(t);
    const unknown = uniqueEmail('nobody');
    const answers = await Promise.all([
      requestReset(unknown),
      requestReset('not an email'),
      requestReset(email.toUpperCase()),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    expect(answers.map((r) => r.body)).toEqual(['', '', '']);
    expect(await mailsTo(unknown)).toEqual([]);
    expect(
      (await mailsTo(email)).filter((m) => LINK_CODE['reset-password'].test(m.text)),
    ).toHaveLength(1);
  });

  it('resets end to end: mailed code, new password, every session ended, code single use', async () => {
    const registered = await register(t);
    const otherLogin = await login(t, registered.email, PASSWORD, nextIp());
    const otherToken = z.object({ accessToken: z.string() }).parse(otherLogin.json()).accessToken;

    expect((await requestReset(registered.email)).statusCode).toBe(204);
    const code = await codeFromMail(t, registered.email, 'reset-password');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the sha256 of the code is stored, with a one-hour expiry.
    const [stored] = await t.database.db
      .select()
      .from(playerCodes)
      .where(eq(playerCodes.codeHash, createHash('sha256').update(code).digest('hex')));
    expect(stored).toMatchObject({ playerId: registered.profile.id, purpose: 'password_reset' });
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttl - 3_600_000)).toBeLessThan(5_000);

    const mismatch = await confirmReset({ code, password: NEW_PASSWORD, repeatPassword: 'other!' });
    expect(mismatch.statusCode).toBe(400);
    expect(failedFields(mismatch)).toEqual(['body.repeatPassword']);
    const short = await confirmReset({ code, password: 'abc', repeatPassword: 'abc' });
    expect(failedFields(short)).toContain('body.password');

    const res = await confirmReset({ code, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(await profileStatus(registered.accessToken)).toBe(401);
    expect(await profileStatus(otherToken)).toBe(401);
    expect((await login(t, registered.email, PASSWORD, nextIp())).statusCode).toBe(401);
    expect((await login(t, registered.email, NEW_PASSWORD, nextIp())).statusCode).toBe(200);

    const again = await confirmReset({ code, password: 'third one', repeatPassword: 'third one' });
    expect(again.statusCode).toBe(400);
    expect(failedFields(again)).toEqual(['body.code']);
    expect((await login(t, registered.email, NEW_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('refuses an unknown code and an earlier code once a newer one is mailed', async () => {
    const { email } = await register(t);
    await requestReset(email);
    const first = await codeFromMail(t, email, 'reset-password');
    await requestReset(email);
    const second = await codeFromMail(t, email, 'reset-password');
    expect(second).not.toBe(first);

    for (const code of ['x'.repeat(43), first]) {
      const res = await confirmReset({
        code,
        password: NEW_PASSWORD,
        repeatPassword: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toEqual(['body.code']);
    }
    const missing = await confirmReset({ password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });
    expect(failedFields(missing)).toContain('body.code');
    const ok = await confirmReset({
      code: second,
      password: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(204);
  });
});

describe('one-time code expiry (clock injected through the service deps)', () => {
  const HOUR = 3_600_000;
  let clock = Date.now();
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'dev-mailbox',
    send: async (message) => {
      sent.push(message);
    },
  };
  // A cheap stand-in hasher: these tests are about the codes, not argon2.
  const hasher = {
    hash: async (p: string) => `plain:${p}`,
    verify: async (h: string, p: string) => h === `plain:${p}`,
  };
  const lastCode = () => /(?:resetCode|code)=([\w-]+)/.exec(sent.at(-1)!.text)![1]!;

  function services() {
    const repo = createPlayerRepo(t.database.db);
    const codes = createOneTimeCodes({ repo: createCodeRepo(t.database.db), now: () => clock });
    const deps = { repo, codes, mailer, publicUrl: 'https://coinfall.test', now: () => clock };
    return {
      passwords: createPasswordService({
        ...deps,
        db: t.database.db,
        passwords: hasher,
        sessionChanges: createLocalSessionChanges(),
        rechecks: { check: (_playerId, verify) => verify() },
        resetMails: { admit: async () => undefined },
      }),
      emails: createEmailConfirmationService({
        ...deps,
        db: t.database.db,
        outbox: createOutboxRepo(t.database.db),
      }),
    };
  }

  const codeError = (error: unknown) =>
    error instanceof AppError ? error.details?.fields?.map((f) => f.field) : error;

  it('a reset code works for an hour and not a moment longer', async () => {
    const { passwords } = services();
    const { email } = await register(t);
    const body = (code: string) => ({ code, password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD });

    clock = Date.now();
    await passwords.requestReset({ email });
    const expired = lastCode();
    clock += HOUR;
    await expect(passwords.confirmReset(body(expired)).catch(codeError)).resolves.toEqual([
      'body.code',
    ]);

    await passwords.requestReset({ email });
    const live = lastCode();
    clock += HOUR - 1000;
    await expect(passwords.confirmReset(body(live))).resolves.toBeUndefined();
  });

  it('an email confirmation code works for 48 hours', async () => {
    const { emails } = services();
    const registered = await register(t);
    const actor = { playerId: registered.profile.id, sessionId: randomUUID() };

    clock = Date.now();
    await emails.resend(actor);
    const expired = lastCode();
    clock += 48 * HOUR;
    await expect(emails.confirm(expired).catch(codeError)).resolves.toEqual(['body.code']);

    await emails.resend(actor);
    const live = lastCode();
    clock += 47 * HOUR;
    await expect(emails.confirm(live)).resolves.toBeUndefined();
    const profile = playerProfileSchema.parse(
      (await call('GET', '/api/player/profile', registered.accessToken)).json(),
    );
    expect(profile.confirmedAt).toBe(new Date(clock).toISOString());
  });
});

describe('email confirmation', () => {
  const resend = (token?: string) =>
    call('POST', '/api/player/profile/confirmations/email/resend', token);
  const confirm = (payload: object) =>
    call('POST', '/api/player/profile/confirmations/email/confirm', undefined, payload);

  it('mails a code on registration; confirm sets confirmedAt; resend then refuses with 409', async () => {
    const registered = await register(t);
    expect(registered.profile.confirmedAt).toBeNull();
    const code = await codeFromMail(t, registered.email, 'confirm-email');

    expect((await confirm({ code })).statusCode).toBe(204);
    const profile = playerProfileSchema.parse(
      (await call('GET', '/api/player/profile', registered.accessToken)).json(),
    );
    expect(profile.confirmedAt).not.toBeNull();

    const again = await confirm({ code });
    expect(again.statusCode).toBe(400);
    expect(failedFields(again)).toEqual(['body.code']);

    const conflict = await resend(registered.accessToken);
    expect(conflict.statusCode).toBe(409);
    expect(errorOf(conflict).code).toBe('CONFLICT');
  });

  it('resend mails a new code that replaces the first; anonymous resend is 401', async () => {
    const registered = await register(t);
    const first = await codeFromMail(t, registered.email, 'confirm-email');
    expect((await resend()).statusCode).toBe(401);
    expect((await resend(registered.accessToken)).statusCode).toBe(204);
    const second = await codeFromMail(t, registered.email, 'confirm-email');
    expect(second).not.toBe(first);
    expect(await mailsTo(registered.email)).toHaveLength(2);

    expect(failedFields(await confirm({ code: first }))).toEqual(['body.code']);
    expect(failedFields(await confirm({}))).toContain('body.code');
    expect((await confirm({ code: second })).statusCode).toBe(204);
  });

  it('a code confirms only its own player', async () => {
    const a = await register(t);
    const b = await register(t);
    expect(
      (await confirm({ code: await codeFromMail(t, a.email, 'confirm-email') })).statusCode,
    ).toBe(204);
    const profileB = playerProfileSchema.parse(
      (await call('GET', '/api/player/profile', b.accessToken)).json(),
    );
    expect(profileB.confirmedAt).toBeNull();
  });
});

describe('dev mailbox', () => {
  it('lists the latest mail as JSON and as a plain HTML page', async () => {
    const { email, accessToken } = await register(t);
    const list = await mailbox(t);
    expect(list.length).toBeLessThanOrEqual(50);
    expect(list[0]?.to).toBe(email);
    const page = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      cookies: { access_token: accessToken },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(email);
    expect(page.body).toMatch(
      /https:\/\/coinfall\.test\/\?modal=success&(amp;)?source=confirm-email/,
    );
  });

  // A real deployment (production on PostgreSQL) has SANDBOX off by default; off is off.
  it('does not exist with the sandbox off', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      SANDBOX: 'off',
      JWT_SECRET: 'x'.repeat(40),
      RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(
        404,
      );
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
