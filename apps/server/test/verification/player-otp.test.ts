import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CODE_ENDPOINT_CALLS_PER_MINUTE,
  OTP_MAX_ATTEMPTS,
  otpSendResponseSchema,
  playerProfileSchema,
} from '@coinfall/shared';
import { playerOtps } from '../../src/db/schema/index.ts';
import { createClockedApp, createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import {
  bearer,
  errorOf,
  failedFields,
  nextIp,
  register,
  uniquePhone,
} from '../player/player-fixtures.ts';

let t: TestApp;
/** A second app on the same database whose clock the tests move. */
let clocked: FastifyInstance;
let clock: { ms: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  ({ app: clocked, clock } = await createClockedApp(t));
});

afterAll(async () => {
  await clocked.close();
  await t.close();
});

const REASON = 'phoneVerification';
/** A distinct number per call, so each test reads only its own texts. */
const newPhone = uniquePhone;

interface CallOptions {
  token?: string;
  ip?: string;
  app?: FastifyInstance;
}
const post = (url: string, payload: object, o: CallOptions = {}) =>
  (o.app ?? t.app).inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: o.ip ?? nextIp(),
    headers: o.token ? bearer(o.token) : {},
  });
const send = (payload: object, o: CallOptions = {}) => post('/api/player/otp/send', payload, o);
const verify = (payload: object, o: CallOptions = {}) => post('/api/player/otp/verify', payload, o);
const putProfile = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/player/profile', headers: bearer(token), payload });
const profileOf = async (token: string) =>
  playerProfileSchema.parse(
    (await t.app.inject({ url: '/api/player/profile', headers: bearer(token) })).json(),
  );

const mailSchema = z.object({
  data: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string() })),
});

/** The texts a number received, newest first, read where a developer reads them. */
async function textsTo(phone: string) {
  const res = await t.app.inject({ url: '/api/dev/mailbox', headers: operatorHeaders() });
  expect(res.statusCode).toBe(200);
  return mailSchema.parse(res.json()).data.filter((m) => m.to === phone && m.subject === 'SMS');
}

async function latestCode(phone: string): Promise<string> {
  const [sms] = await textsTo(phone);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

/** Any six digits but the right ones. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function playerWithPhone(phone = newPhone()) {
  const player = await register(t);
  expect((await putProfile(player.accessToken, { phone })).statusCode).toBe(200);
  return { ...player, phone };
}

const otpRows = (playerId: string) =>
  t.database.db.select().from(playerOtps).where(eq(playerOtps.playerId, playerId));

describe('POST /api/player/otp/send and /otp/verify', () => {
  it('texts a code to the profile phone; the right code confirms it', async () => {
    const { accessToken, phone, profile } = await playerWithPhone();
    const res = await send({ reason: REASON }, { token: accessToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(otpSendResponseSchema.parse(res.json())).toEqual({
      phone: `+*******${phone.slice(-4)}`,
      expiresAfter: 600,
      resendAfter: 60,
    });
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    const code = await latestCode(phone);
    // Only a hash is kept.
    const [row] = await otpRows(profile.id);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);

    const ok = await verify({ reason: REASON, code }, { token: accessToken });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(playerProfileSchema.parse(ok.json())).toMatchObject({
      phone: phone.slice(1),
      phoneConfirmed: true,
    });
    expect((await profileOf(accessToken)).phoneConfirmed).toBe(true);

    const again = await verify({ reason: REASON, code }, { token: accessToken });
    expect(again.statusCode).toBe(400);
    expect(failedFields(again)).toEqual(['body.code']);
  });

  it('sends to body.phone when given and confirms that number on the profile', async () => {
    const { accessToken } = await register(t);
    const phone = newPhone();
    expect((await send({ reason: REASON, phone }, { token: accessToken })).statusCode).toBe(200);
    const res = await verify(
      { reason: REASON, code: await latestCode(phone) },
      { token: accessToken },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(playerProfileSchema.parse(res.json())).toMatchObject({
      phone: phone.slice(1),
      phoneConfirmed: true,
    });
  });

  it('refuses to text an already confirmed number (409); a new number waits out the resend delay', async () => {
    const { accessToken, phone } = await playerWithPhone();
    await send({ reason: REASON }, { token: accessToken });
    await verify({ reason: REASON, code: await latestCode(phone) }, { token: accessToken });

    const again = await send({ reason: REASON }, { token: accessToken });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
    const other = newPhone();
    const res = await send({ reason: REASON, phone: other }, { token: accessToken });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('RATE_LIMITED');
  });

  it('answers a wrong code with 400 naming body.code and the guesses left', async () => {
    const { accessToken, phone } = await playerWithPhone();
    await send({ reason: REASON }, { token: accessToken });
    const code = await latestCode(phone);
    const res = await verify({ reason: REASON, code: wrong(code) }, { token: accessToken });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(failedFields(res)).toEqual(['body.code']);
    expect(errorOf(res).details?.attemptsLeft).toBe(OTP_MAX_ATTEMPTS - 1);
    expect((await profileOf(accessToken)).phoneConfirmed).toBe(false);

    expect((await verify({ reason: REASON, code }, { token: accessToken })).statusCode).toBe(200);
  });

  it(`kills a code after ${OTP_MAX_ATTEMPTS} wrong guesses, even for the right code`, async () => {
    const { accessToken, phone } = await playerWithPhone();
    await send({ reason: REASON }, { token: accessToken });
    const code = await latestCode(phone);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) {
      const res = await verify({ reason: REASON, code: wrong(code) }, { token: accessToken });
      expect(res.statusCode).toBe(400);
    }
    const late = await verify({ reason: REASON, code }, { token: accessToken });
    expect(late.statusCode).toBe(400);
    expect(failedFields(late)).toEqual(['body.code']);
    expect((await profileOf(accessToken)).phoneConfirmed).toBe(false);
  });

  it('counts parallel guesses exactly: never more than the allowed attempts', async () => {
    const { accessToken, phone, profile } = await playerWithPhone();
    await send({ reason: REASON }, { token: accessToken });
    const code = await latestCode(phone);
    const guesses = await Promise.all(
      Array.from({ length: OTP_MAX_ATTEMPTS * 2 }, () =>
        verify({ reason: REASON, code: wrong(code) }, { token: accessToken }),
      ),
    );
    expect(guesses.map((r) => r.statusCode)).toEqual(guesses.map(() => 400));
    const [row] = await otpRows(profile.id);
    expect(row?.attempts).toBe(OTP_MAX_ATTEMPTS);
    expect((await verify({ reason: REASON, code }, { token: accessToken })).statusCode).toBe(400);
  });

  it('refuses a code once its 10 minutes are over', async () => {
    const { accessToken, phone } = await playerWithPhone();
    clock.ms = Date.now();
    const sent = await send({ reason: REASON }, { token: accessToken, app: clocked });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(phone);
    clock.ms += 10 * 60_000 + 1000;
    const res = await verify({ reason: REASON, code }, { token: accessToken, app: clocked });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.code']);
  });

  it('accepts a code just before it expires', async () => {
    const { accessToken, phone } = await playerWithPhone();
    clock.ms = Date.now();
    await send({ reason: REASON }, { token: accessToken, app: clocked });
    const code = await latestCode(phone);
    clock.ms += 10 * 60_000 - 1000;
    const res = await verify({ reason: REASON, code }, { token: accessToken, app: clocked });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('waits 60 s between codes (429 with Retry-After), a new code replaces the old', async () => {
    const { accessToken, phone } = await playerWithPhone();
    clock.ms = Date.now();
    const o = { token: accessToken, app: clocked };
    expect((await send({ reason: REASON }, o)).statusCode).toBe(200);
    const first = await latestCode(phone);

    clock.ms += 30_000;
    const soon = await send({ reason: REASON }, o);
    expect(soon.statusCode).toBe(429);
    expect(errorOf(soon).code).toBe('RATE_LIMITED');
    expect(soon.headers['retry-after']).toBe('30');
    expect(await textsTo(phone)).toHaveLength(1);

    clock.ms += 31_000;
    expect((await send({ reason: REASON }, o)).statusCode).toBe(200);
    const second = await latestCode(phone);
    if (second !== first) {
      const old = await verify({ reason: REASON, code: first }, o);
      expect(old.statusCode).toBe(400);
    }
    expect((await verify({ reason: REASON, code: second }, o)).statusCode).toBe(200);
  });

  it('texts at most 5 codes an hour', async () => {
    const { accessToken } = await playerWithPhone();
    clock.ms = Date.now();
    const o = { token: accessToken, app: clocked };
    for (let i = 0; i < 5; i += 1) {
      const res = await send({ reason: REASON }, o);
      expect(res.statusCode, `send ${i + 1}`).toBe(200);
      clock.ms += 61_000;
    }
    const sixth = await send({ reason: REASON }, o);
    expect(sixth.statusCode).toBe(429);
    // The first code leaves the hour 3600 s after it went; 5 × 61 s have passed.
    expect(sixth.headers['retry-after']).toBe(String(3600 - 5 * 61));
    clock.ms += (3600 - 5 * 61) * 1000;
    expect((await send({ reason: REASON }, o)).statusCode).toBe(200);
  });

  it("does not let player B use player A's code", async () => {
    const a = await playerWithPhone();
    const b = await playerWithPhone();
    await send({ reason: REASON }, { token: a.accessToken });
    await send({ reason: REASON }, { token: b.accessToken });
    const codeA = await latestCode(a.phone);
    const codeB = await latestCode(b.phone);
    if (codeA !== codeB) {
      const res = await verify({ reason: REASON, code: codeA }, { token: b.accessToken });
      expect(res.statusCode).toBe(400);
    }
    const none = await register(t);
    const res = await verify({ reason: REASON, code: codeA }, { token: none.accessToken });
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual(['body.code']);
    expect((await profileOf(b.accessToken)).phoneConfirmed).toBe(codeA === codeB);
    expect((await profileOf(a.accessToken)).phoneConfirmed).toBe(false);
  });

  it('confirms a number on one account only (409 naming body.phone), also when both verify at once', async () => {
    const phone = newPhone();
    const a = await playerWithPhone(phone);
    const b = await playerWithPhone(phone);
    expect((await send({ reason: REASON }, { token: a.accessToken })).statusCode).toBe(200);
    const codeA = await latestCode(phone);
    expect((await send({ reason: REASON }, { token: b.accessToken })).statusCode).toBe(200);
    const codeB = await latestCode(phone);

    const [resA, resB] = await Promise.all([
      verify({ reason: REASON, code: codeA }, { token: a.accessToken }),
      verify({ reason: REASON, code: codeB }, { token: b.accessToken }),
    ]);
    const statuses = [resA.statusCode, resB.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = resA.statusCode === 409 ? resA : resB;
    expect(failedFields(refused)).toEqual(['body.phone']);
    const confirmed = [
      (await profileOf(a.accessToken)).phoneConfirmed,
      (await profileOf(b.accessToken)).phoneConfirmed,
    ];
    expect(confirmed.filter(Boolean)).toHaveLength(1);

    // The other account is not even texted a code for it any more.
    const loser = resA.statusCode === 409 ? a : b;
    const textsBefore = (await textsTo(phone)).length;
    const again = await send({ reason: REASON }, { token: loser.accessToken, app: clocked });
    expect(again.statusCode).toBe(409);
    expect(failedFields(again)).toEqual(['body.phone']);
    expect(await textsTo(phone)).toHaveLength(textsBefore);
  });

  it('answers 401 without a login', async () => {
    expect((await send({ reason: REASON, phone: newPhone() })).statusCode).toBe(401);
    expect((await verify({ reason: REASON, code: '123456' })).statusCode).toBe(401);
  });

  describe('bad input → 400 naming the field', () => {
    let token: string;
    beforeAll(async () => {
      token = (await register(t)).accessToken;
    });

    it.each([
      ['no phone on the profile nor in the body', { reason: REASON }, 'body.phone'],
      ['a phone that is not a number', { reason: REASON, phone: 'call me' }, 'body.phone'],
      ['a phone too short', { reason: REASON, phone: '+1415' }, 'body.phone'],
      ['no reason', { phone: '+14155552671' }, 'body.reason'],
      ['an unknown reason', { reason: 'login', phone: '+14155552671' }, 'body.reason'],
    ])('send: %s', async (_name, payload, field) => {
      const res = await send(payload, { token });
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toEqual([field]);
    });

    it.each([
      ['no code', { reason: REASON }, 'body.code'],
      ['five digits', { reason: REASON, code: '12345' }, 'body.code'],
      ['letters', { reason: REASON, code: '12a456' }, 'body.code'],
      ['no code waiting', { reason: REASON, code: '123456' }, 'body.code'],
      ['no reason', { code: '123456' }, 'body.reason'],
    ])('verify: %s', async (_name, payload, field) => {
      const res = await verify(payload, { token });
      expect(res.statusCode).toBe(400);
      expect(failedFields(res)).toEqual([field]);
    });
  });
});

describe('PUT /api/player/profile and phoneConfirmed', () => {
  it('keeps the confirmation for the same number and drops it for a new one', async () => {
    const { accessToken, phone } = await playerWithPhone();
    await send({ reason: REASON }, { token: accessToken });
    await verify({ reason: REASON, code: await latestCode(phone) }, { token: accessToken });

    const same = await putProfile(accessToken, { phone, firstName: 'Ada' });
    expect(playerProfileSchema.parse(same.json()).phoneConfirmed).toBe(true);
    const untouched = await putProfile(accessToken, { lastName: 'Lovelace' });
    expect(playerProfileSchema.parse(untouched.json()).phoneConfirmed).toBe(true);

    const changed = await putProfile(accessToken, { phone: newPhone() });
    expect(playerProfileSchema.parse(changed.json()).phoneConfirmed).toBe(false);
    const back = await putProfile(accessToken, { phone });
    expect(playerProfileSchema.parse(back.json()).phoneConfirmed).toBe(false);
  });
});

describe('brute-force limits on code endpoints', () => {
  it(`allows ${CODE_ENDPOINT_CALLS_PER_MINUTE} password-reset calls a minute per IP, then 429`, async () => {
    const ip = nextIp();
    const reset = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/player/passwords/reset',
        remoteAddress: from,
        payload: { email: `nobody-${randomUUID()}@example.com` },
      });
    for (let i = 0; i < CODE_ENDPOINT_CALLS_PER_MINUTE; i += 1) {
      expect((await reset(ip)).statusCode).toBe(204);
    }
    const refused = await reset(ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await reset(nextIp())).statusCode).toBe(204);
  });

  it('limits code guesses per IP across accounts too', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i <= CODE_ENDPOINT_CALLS_PER_MINUTE; i += 1) {
      const { accessToken } = await register(t);
      last = (await verify({ reason: REASON, code: '000000' }, { token: accessToken, ip }))
        .statusCode;
      if (i < CODE_ENDPOINT_CALLS_PER_MINUTE) expect(last).toBe(400);
    }
    expect(last).toBe(429);
  });
});
