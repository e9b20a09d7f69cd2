import { createLocalSessionChanges } from '../../platform/sessions/session-changes.ts';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { createTokenSigner } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { createMemoryFailureCounters, type FailureCounterStore } from './login-throttle.store.ts';
import type { PlayerRow } from './player.repo.ts';
import { createSessionService } from './session.service.ts';
import { createEmailTagger } from './throttle-keys.fns.ts';
import { createLoginThrottle } from './throttles.service.ts';

/** The memory store, remembering every key it was asked about. */
function recordingCounters(now: () => number): FailureCounterStore & { keys: Set<string> } {
  const store = createMemoryFailureCounters(now);
  const keys = new Set<string>();
  return {
    keys,
    read: (asked) => (asked.forEach((k) => keys.add(k)), store.read(asked)),
    increment: (key, windowMs) => (keys.add(key), store.increment(key, windowMs)),
    reset: (key) => (keys.add(key), store.reset(key)),
  };
}

/** A service over fakes: counts every password hash and verify it is asked for. */
function setup() {
  const clock = { ms: 1_700_000_000_000 };
  const counters = recordingCounters(() => clock.ms);
  const player = {
    id: randomUUID(),
    email: 'known@example.com',
    passwordHash: 'hash:right',
    status: 1,
    segmentIds: [],
    emailConfirmedAt: null,
    createdAt: new Date(),
  } as unknown as PlayerRow;
  const passwords = {
    hashes: 0,
    verifies: 0,
    hash(password: string) {
      this.hashes += 1;
      return Promise.resolve(`hash:${password}`);
    },
    verify(hash: string, password: string) {
      this.verifies += 1;
      return Promise.resolve(hash === `hash:${password}`);
    },
  };
  // The row as the session's transaction reads it under the lock (a test may change it).
  const locked = { row: player };
  const session = { id: randomUUID(), playerId: player.id, tokenVersion: 1 };
  const db = { transaction: (fn: (tx: unknown) => unknown) => fn(db) } as unknown as Database;
  const service = createSessionService({
    db,
    outbox: { record: () => Promise.resolve() },
    repo: {
      findPlayerByEmail: (email) => Promise.resolve(email === player.email ? player : undefined),
      findPlayerById: () => Promise.resolve(locked.row),
      lockPlayer: () => Promise.resolve(true),
      insertSession: () => Promise.resolve(session as never),
      findOwnSession: () => Promise.resolve(undefined),
      findSessionForAuth: () => Promise.resolve(undefined),
      rotateTokenGeneration: () => Promise.resolve(undefined),
      touchSession: () => Promise.resolve(),
      endSession: () => Promise.resolve(true),
      listLiveSessions: () => Promise.resolve({ rows: [], total: 0 }),
    },
    tokens: createTokenSigner({ secret: 's'.repeat(32), ttlSeconds: 900 }),
    passwords,
    sessionChanges: createLocalSessionChanges(),
    throttle: createLoginThrottle({ counters, tagEmail: createEmailTagger('k'.repeat(32)) }),
  });
  const login = (email: string, password: string, ip = '192.0.2.1') =>
    service.login({ email, password, device: { type: 'desktop' } }, ip);
  return { service, passwords, login, player, locked, clock, counters };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (err: unknown) => (err instanceof AppError ? err.code : 'THREW'),
  );

describe('session service login', () => {
  it('verifies unknown emails against a dummy hash, so both paths cost a verify', async () => {
    const { passwords, login } = setup();
    expect(await codeOf(login('nobody@example.com', 'x'))).toBe('INVALID_CREDENTIALS');
    expect(await codeOf(login('known@example.com', 'wrong'))).toBe('INVALID_CREDENTIALS');
    expect(passwords.verifies).toBe(2);
  });

  it('refuses an address locked on an account before hashing anything, and lets a clean one in', async () => {
    const { passwords, login } = setup();
    for (let i = 0; i < 5; i += 1) await codeOf(login('known@example.com', 'wrong', '10.0.0.1'));
    const before = { hashes: passwords.hashes, verifies: passwords.verifies };
    expect(await codeOf(login('known@example.com', 'right', '10.0.0.1'))).toBe('RATE_LIMITED');
    expect({ hashes: passwords.hashes, verifies: passwords.verifies }).toEqual(before);
    expect(await codeOf(login('known@example.com', 'right', '10.0.1.1'))).toBe('OK');
  });

  it('verifies only the free tries of a burst sent at once, not one per request', async () => {
    const { passwords, login } = setup();
    const codes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => codeOf(login('known@example.com', `guess-${i}`))),
    );
    expect(passwords.verifies).toBe(5);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(25);
  });

  it('gives a burst from a fresh address one try when the account is under attack', async () => {
    const { passwords, login } = setup();
    // 51 failures from as many addresses: the account is under attack (more than 50 an hour).
    for (let i = 0; i < 51; i += 1) {
      await codeOf(login('known@example.com', 'wrong', `10.1.${Math.floor(i / 200)}.${i % 200}`));
    }
    const before = passwords.verifies;
    const codes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        codeOf(login('known@example.com', `guess-${i}`, '10.2.0.1')),
      ),
    );
    expect(passwords.verifies - before).toBe(1);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(9);
  });

  it('forgets the failures and the lock their last try took once the password is right', async () => {
    const { login } = setup();
    for (let i = 0; i < 4; i += 1) await codeOf(login('known@example.com', 'wrong'));
    // The fifth try takes the lock its failure would set; being right, it lifts it.
    expect(await codeOf(login('known@example.com', 'right'))).toBe('OK');
    expect(await codeOf(login('known@example.com', 'right'))).toBe('OK');
    for (let i = 0; i < 4; i += 1) await codeOf(login('known@example.com', 'wrong'));
    expect(await codeOf(login('known@example.com', 'right'))).toBe('OK');
  });

  it('opens no session when the password changed or was reset while it was being verified', async () => {
    const { passwords, login, player, locked } = setup();
    const verify = passwords.verify.bind(passwords);
    passwords.verify = (hash, password) => {
      // Staff's reset commits while the old password is checked.
      locked.row = { ...player, passwordHash: '!reset-required' };
      return verify(hash, password);
    };
    expect(await codeOf(login('known@example.com', 'right'))).toBe('INVALID_CREDENTIALS');
    passwords.verify = (hash, password) => {
      locked.row = { ...player, passwordHash: 'hash:changed' };
      return verify(hash, password);
    };
    expect(await codeOf(login('known@example.com', 'right'))).toBe('INVALID_CREDENTIALS');
    passwords.verify = verify;
    locked.row = player;
    expect(await codeOf(login('known@example.com', 'right'))).toBe('OK');
  });

  it('refuses a throttled IP before hashing anything', async () => {
    const { passwords, login } = setup();
    for (let i = 0; i < 20; i += 1) await codeOf(login(`u${i}@example.com`, 'x', '10.9.9.9'));
    const verifies = passwords.verifies;
    expect(await codeOf(login('known@example.com', 'right', '10.9.9.9'))).toBe('RATE_LIMITED');
    expect(passwords.verifies).toBe(verifies);
    expect(await codeOf(login('known@example.com', 'right', '10.9.9.10'))).toBe('OK');
  });

  it('tells the retry delay, which doubles with each failure after a lock', async () => {
    const { login, clock } = setup();
    const retryAfter = () =>
      login('known@example.com', 'right').then(
        () => 'OK',
        (e: unknown) => (e as AppError).details?.retryAfterSeconds,
      );
    for (let i = 0; i < 5; i += 1) await codeOf(login('known@example.com', 'wrong'));
    expect(await retryAfter()).toBe(60);
    clock.ms += 61_000;
    expect(await codeOf(login('known@example.com', 'wrong'))).toBe('INVALID_CREDENTIALS');
    expect(await retryAfter()).toBe(120);
    clock.ms += 121_000;
    await codeOf(login('known@example.com', 'wrong'));
    expect(await retryAfter()).toBe(240);
  });

  it('gives each address one free try on an account under a spread-out attack', async () => {
    const { login } = setup();
    for (let i = 0; i < 51; i += 1)
      await codeOf(login('known@example.com', 'wrong', `10.1.0.${i}`));
    expect(await codeOf(login('known@example.com', 'wrong', '10.2.0.1'))).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(await codeOf(login('known@example.com', 'right', '10.2.0.1'))).toBe('RATE_LIMITED');
    // The owner, from an address with no failures, is never refused.
    expect(await codeOf(login('known@example.com', 'right', '10.3.0.1'))).toBe('OK');
  });

  it('keys its counters by a hash of the address, never the address', async () => {
    const { login, counters } = setup();
    for (let i = 0; i < 6; i += 1) await codeOf(login('Known@Example.com', 'wrong'));
    await codeOf(login('nobody.here@example.com', 'wrong'));
    expect(counters.keys.size).toBeGreaterThan(0);
    for (const key of counters.keys) {
      expect(key).not.toMatch(/known|nobody|example/i);
    }
  });
});
