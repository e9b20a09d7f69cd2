import { createLocalSessionChanges } from '../../platform/sessions/session-changes.ts';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { createTokenSigner } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { createMemoryFailureCounters } from './login-throttle.store.ts';
import type { PlayerRow } from './player.repo.ts';
import { createSessionService } from './session.service.ts';

/** A service over fakes: counts every password hash and verify it is asked for. */
function setup() {
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
  const session = { id: randomUUID(), playerId: player.id, tokenVersion: 1 };
  const db = { transaction: (fn: (tx: unknown) => unknown) => fn(db) } as unknown as Database;
  const service = createSessionService({
    db,
    repo: {
      findPlayerByEmail: (email) => Promise.resolve(email === player.email ? player : undefined),
      insertSession: () => Promise.resolve(session as never),
      findOwnSession: () => Promise.resolve(undefined),
      touchSession: () => Promise.resolve(),
      endSession: () => Promise.resolve(true),
      listLiveSessions: () => Promise.resolve({ rows: [], total: 0 }),
    },
    tokens: createTokenSigner({ secret: 's'.repeat(32), ttlSeconds: 900 }),
    passwords,
    sessionChanges: createLocalSessionChanges(),
    failures: createMemoryFailureCounters(),
  });
  const login = (email: string, password: string, ip = '192.0.2.1') =>
    service.login({ email, password, device: { type: 'desktop' } }, ip);
  return { service, passwords, login, player };
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

  it('refuses a throttled account before hashing anything', async () => {
    const { passwords, login } = setup();
    for (let i = 0; i < 5; i += 1) await codeOf(login('known@example.com', 'wrong', `10.0.0.${i}`));
    const before = { hashes: passwords.hashes, verifies: passwords.verifies };
    expect(await codeOf(login('known@example.com', 'right', '10.0.1.1'))).toBe('RATE_LIMITED');
    expect({ hashes: passwords.hashes, verifies: passwords.verifies }).toEqual(before);
  });

  it('refuses a throttled IP before hashing anything', async () => {
    const { passwords, login } = setup();
    for (let i = 0; i < 20; i += 1) await codeOf(login(`u${i}@example.com`, 'x', '10.9.9.9'));
    const verifies = passwords.verifies;
    expect(await codeOf(login('known@example.com', 'right', '10.9.9.9'))).toBe('RATE_LIMITED');
    expect(passwords.verifies).toBe(verifies);
    expect(await codeOf(login('known@example.com', 'right', '10.9.9.10'))).toBe('OK');
  });

  it('tells the retry delay in the error', async () => {
    const { login } = setup();
    for (let i = 0; i < 5; i += 1) await codeOf(login('known@example.com', 'wrong'));
    const err = await login('known@example.com', 'right').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).details?.retryAfterSeconds).toBe(15 * 60);
  });
});
