import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { errorOf, PASSWORD, register, uniqueEmail } from './player-fixtures.ts';

/**
 * Login throttling (S1, issue 13.5): by (account, IP) and by IP with growing locks, never by the
 * account alone. The locks are minutes long: the embedded store follows the clocked app's clock,
 * and on Redis (which keeps real time) a lapse deletes the lock keys, as their expiry would.
 */
let t: TestApp;
let clocked: FastifyInstance;
let clock: { ms: number };
const prefix = `test:${randomUUID()}:`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: prefix });
  ({ app: clocked, clock } = await createClockedApp(t));
});

afterAll(async () => {
  await clocked.close();
  await t.close();
});

let ipCounter = 0;
/** A fresh documentation-range address: no failures recorded for it yet. */
const cleanIp = () => `203.0.113.${(ipCounter += 1)}`;

function login(email: string, password: string, ip: string): Promise<LightMyRequestResponse> {
  return clocked.inject({
    method: 'POST',
    url: '/api/player/sessions',
    remoteAddress: ip,
    payload: { email, password, device: { type: 'desktop' } },
  });
}

const retryAfterOf = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

/** Lets every lock in force lapse (and `ms` pass on the embedded store's clock). */
async function letLocksLapse(ms: number): Promise<void> {
  clock.ms += ms;
  if (!t.redis) return;
  const locks = await t.redis.keys(`${prefix}*:lock`);
  if (locks.length > 0) await t.redis.del(...locks);
}

describe('login throttling by account and address', () => {
  it('lets the owner in from a clean address while an attacker’s address is locked on the account', async () => {
    const { email } = await register(t);
    const attacker = cleanIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(email, `guess-${i}`, attacker)).statusCode).toBe(401);
    }
    const locked = await login(email, PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('RATE_LIMITED');

    expect((await login(email, PASSWORD, cleanIp())).statusCode).toBe(200);
    // The owner's success does not free the attacker's address.
    expect((await login(email, PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('doubles the attacker’s lock with each failure after it, up to an hour', async () => {
    const { email } = await register(t);
    const attacker = cleanIp();
    for (let i = 0; i < 5; i += 1) await login(email, 'guess', attacker);
    const seen: number[] = [];
    for (let lock = 0; lock < 8; lock += 1) {
      const refused = await login(email, 'guess', attacker);
      expect(refused.statusCode).toBe(429);
      seen.push(retryAfterOf(refused));
      await letLocksLapse(retryAfterOf(refused) * 1000 + 1000);
      expect((await login(email, 'guess', attacker)).statusCode).toBe(401);
    }
    expect(seen).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it('answers a locked unknown email exactly as a locked known one', async () => {
    const { email } = await register(t);
    const unknown = uniqueEmail('nobody');
    const [ipA, ipB] = [cleanIp(), cleanIp()];
    for (let i = 0; i < 5; i += 1) {
      await login(email, 'guess', ipA);
      await login(unknown, 'guess', ipB);
    }
    const known = await login(email, 'guess', ipA);
    const ghost = await login(unknown, 'guess', ipB);
    expect([known.statusCode, ghost.statusCode]).toEqual([429, 429]);
    expect(retryAfterOf(ghost)).toBe(retryAfterOf(known));
    const strip = (res: LightMyRequestResponse) => ({ ...errorOf(res), requestId: undefined });
    expect(strip(ghost)).toEqual(strip(known));
  });
});

describe('login throttling by address', () => {
  it('locks an address after 20 failures in a minute across accounts, and longer the next time', async () => {
    const ip = cleanIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await login(uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(401);
    }
    const { email } = await register(t);
    const first = await login(email, PASSWORD, ip);
    expect(first.statusCode).toBe(429);
    expect(retryAfterOf(first)).toBe(60);
    expect((await login(email, PASSWORD, cleanIp())).statusCode).toBe(200);

    await letLocksLapse(61_000);
    let second: LightMyRequestResponse | undefined;
    for (let i = 0; i < 21 && second === undefined; i += 1) {
      const res = await login(uniqueEmail('spray'), 'guess', ip);
      if (res.statusCode === 429) second = res;
    }
    expect(second && retryAfterOf(second)).toBe(120);
  });
});

describe('throttle keys', () => {
  it.runIf(Boolean(process.env.REDIS_URL))(
    'hold no email address in Redis, only a keyed hash of it',
    async () => {
      const { email } = await register(t);
      const unknown = uniqueEmail('typo');
      const ip = cleanIp();
      for (let i = 0; i < 6; i += 1) await login(email, 'guess', ip);
      await login(unknown, 'guess', ip);
      await t.app.inject({
        method: 'POST',
        url: '/api/player/passwords/reset',
        remoteAddress: cleanIp(),
        payload: { email },
      });
      const keys = await t.redis!.keys(`${prefix}*`);
      expect(keys.filter((key) => key.includes(ip)).length).toBeGreaterThan(0);
      expect(keys.some((key) => key.includes('reset-mail:'))).toBe(true);
      for (const address of [email, unknown]) {
        const [local] = address.split('@');
        expect(keys.filter((key) => key.includes(local!) || key.includes(address))).toEqual([]);
      }
    },
  );
});
