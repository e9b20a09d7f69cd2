import { describe, expect, it } from 'vitest';
import type { AuthSessionRow } from '../auth.ts';
import { createSessionAuthCache, PLAYER_SESSION_OWNERS } from './session-auth-cache.ts';

const row = (playerId = 'p1', endedAt: Date | null = null): AuthSessionRow => ({
  playerId,
  endedAt,
  tokenVersion: 1,
  lastSeenAt: new Date(0),
  playerStatus: 1,
});

function counter<R = AuthSessionRow>(result: () => R | undefined) {
  const calls = { count: 0 };
  const loader = async () => {
    calls.count += 1;
    return result();
  };
  return { calls, loader };
}

describe('session auth cache', () => {
  it('answers a second lookup of a live session without loading it again', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 1000,
      maxEntries: 10,
      owners: PLAYER_SESSION_OWNERS,
    });
    const { calls, loader } = counter(() => row());
    await cache.load('s1', loader);
    expect(await cache.load('s1', loader)).toEqual(row());
    expect(calls.count).toBe(1);
  });

  it('loads again once the entry is older than the time to live', async () => {
    let t = 0;
    const cache = createSessionAuthCache({
      ttlMs: 1000,
      maxEntries: 10,
      now: () => t,
      owners: PLAYER_SESSION_OWNERS,
    });
    const { calls, loader } = counter(() => row());
    await cache.load('s1', loader);
    t = 1000;
    await cache.load('s1', loader);
    expect(calls.count).toBe(2);
  });

  it('never keeps ended or unknown sessions', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 1000,
      maxEntries: 10,
      owners: PLAYER_SESSION_OWNERS,
    });
    const ended = counter(() => row('p1', new Date()));
    await cache.load('s1', ended.loader);
    await cache.load('s1', ended.loader);
    expect(ended.calls.count).toBe(2);
    const unknown = counter(() => undefined);
    await cache.load('s2', unknown.loader);
    await cache.load('s2', unknown.loader);
    expect(unknown.calls.count).toBe(2);
  });

  it('drops a session named in a change, and every session of a player named in one', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 10,
      owners: PLAYER_SESSION_OWNERS,
    });
    const a = counter(() => row('p1'));
    const b = counter(() => row('p2'));
    await cache.load('s1', a.loader);
    await cache.load('s2', a.loader);
    await cache.load('s3', b.loader);
    cache.forget({ sessionIds: ['s1'] });
    await cache.load('s1', a.loader);
    expect(a.calls.count).toBe(3);
    cache.forget({ playerIds: ['p1'] });
    await cache.load('s1', a.loader);
    await cache.load('s2', a.loader);
    await cache.load('s3', b.loader);
    expect(a.calls.count).toBe(5);
    expect(b.calls.count).toBe(1);
  });

  it('takes its owners from `owners`: a staff cache hears staff members, not players', async () => {
    const cache = createSessionAuthCache<AuthSessionRow & { staffId: string }>({
      ttlMs: 60_000,
      maxEntries: 10,
      owners: {
        ownerOf: (r) => r.staffId,
        ownersIn: (change) => change.staffIds ?? [],
      },
    });
    const { calls, loader } = counter(() => ({ ...row(), staffId: 'x1' }));
    await cache.load('s1', loader);
    cache.forget({ playerIds: ['x1'] });
    await cache.load('s1', loader);
    expect(calls.count).toBe(1);
    cache.forget({ staffIds: ['x1'] });
    await cache.load('s1', loader);
    expect(calls.count).toBe(2);
  });

  it('does not keep a row loaded while a change to it was published', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 10,
      owners: PLAYER_SESSION_OWNERS,
    });
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return row('p1');
    };
    const pending = cache.load('s1', slow);
    cache.forget({ sessionIds: ['s1'] });
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('does not keep a row loaded while the markers were dropped to bound memory', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 2,
      owners: PLAYER_SESSION_OWNERS,
    });
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return row('p1');
    };
    const pending = cache.load('s1', slow);
    cache.forget({ sessionIds: ['x1', 'x2', 'x3'] });
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, evicting the oldest', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 2,
      owners: PLAYER_SESSION_OWNERS,
    });
    const { calls, loader } = counter(() => row());
    await cache.load('s1', loader);
    await cache.load('s2', loader);
    await cache.load('s3', loader);
    expect(cache.size).toBe(2);
    await cache.load('s1', loader);
    expect(calls.count).toBe(4);
  });

  it('loads again when the caller knows the cached copy is behind (a newer token generation)', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 10,
      owners: PLAYER_SESSION_OWNERS,
    });
    let version = 1;
    const { calls, loader } = counter(() => ({ ...row(), tokenVersion: version }));
    await cache.load('s1', loader);
    version = 2;
    const behind = (cached: AuthSessionRow) => cached.tokenVersion < 2;
    expect((await cache.load('s1', loader, behind))?.tokenVersion).toBe(2);
    expect(await cache.load('s1', loader, behind)).toMatchObject({ tokenVersion: 2 });
    expect(calls.count).toBe(2);
  });

  it('keeps the cached last-seen time in step with the guard’s writes', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 2,
      owners: PLAYER_SESSION_OWNERS,
    });
    const { loader } = counter(() => row());
    await cache.load('s1', loader);
    const seen = new Date(5000);
    cache.touched('s1', seen);
    expect((await cache.load('s1', loader))?.lastSeenAt).toEqual(seen);
  });

  it('reads every lookup from the database while the bus may be missing changes', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 10,
      owners: PLAYER_SESSION_OWNERS,
    });
    const { calls, loader } = counter(() => row());
    await cache.load('s1', loader);
    cache.forget({ delivery: 'lost' });
    expect(cache.size).toBe(0);
    await cache.load('s1', loader);
    await cache.load('s1', loader);
    expect(calls.count).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('keeps sessions again once the bus is back, starting empty', async () => {
    const cache = createSessionAuthCache({
      ttlMs: 60_000,
      maxEntries: 10,
      owners: PLAYER_SESSION_OWNERS,
    });
    const { calls, loader } = counter(() => row());
    cache.forget({ delivery: 'lost' });
    let release!: () => void;
    const inFlight = cache.load('s2', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return row();
    });
    cache.forget({ delivery: 'restored' });
    release();
    await inFlight;
    // A load that began while the bus was down is not kept, even if it ends after.
    expect(cache.size).toBe(0);
    await cache.load('s1', loader);
    await cache.load('s1', loader);
    expect(calls.count).toBe(1);
  });
});
