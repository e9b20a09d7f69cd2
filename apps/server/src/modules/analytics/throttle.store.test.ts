import type { Redis } from 'ioredis';
import { createRedisAvailability } from '../../platform/redis.ts';
import { THROTTLE_WINDOW_MS } from './throttle.fns.ts';
import {
  MAX_LOCAL_SENDERS,
  createLocalThrottleStore,
  createThrottleStore,
} from './throttle.store.ts';

const limits = { epsThreshold: 30, dailyQuota: 1_000 };
const device = (count: number) => [{ kind: 'device' as const, id: 'd1', count }];

describe('the local throttle store', () => {
  it('counts admitted requests only, and forgets them as the window slides', async () => {
    const store = createLocalThrottleStore(limits);
    const t = 1_800_000_000_000;
    expect(await store.admit('site', device(300), t)).toEqual([]);
    expect(await store.admit('site', device(1), t)).toHaveLength(1);
    // The refused event was not counted: another project's device is another sender.
    expect(await store.admit('other', device(300), t)).toEqual([]);
    expect(await store.admit('site', device(150), t + THROTTLE_WINDOW_MS * 1.5)).toEqual([]);
    expect(await store.admit('site', device(1), t + THROTTLE_WINDOW_MS * 3)).toEqual([]);
  });

  it('counts a long id under its hash, and keeps at most MAX_LOCAL_SENDERS senders', async () => {
    const store = createLocalThrottleStore({ epsThreshold: 1_000, dailyQuota: 10 });
    const t = 1_800_000_000_000;
    const long = [{ kind: 'device' as const, id: 'x'.repeat(1_000), count: 10 }];
    expect(await store.admit('site', long, t)).toEqual([]);
    // The same long id is the same sender: its quota is spent.
    expect(await store.admit('site', [{ ...long[0]!, count: 1 }], t)).toHaveLength(1);
    // A flood of new ids pushes the oldest count out instead of growing without end.
    const flood = Array.from({ length: MAX_LOCAL_SENDERS }, (_, i) => ({
      kind: 'device' as const,
      id: `flood-${i}`,
      count: 1,
    }));
    expect(await store.admit('site', flood, t)).toEqual([]);
    expect(await store.admit('site', [{ ...long[0]!, count: 1 }], t)).toEqual([]);
  });

  it('keeps the day count across windows until the UTC day changes', async () => {
    const store = createLocalThrottleStore({ epsThreshold: 1_000, dailyQuota: 10 });
    const midnight = Date.parse('2027-01-15T00:00:00Z');
    expect(await store.admit('site', device(10), midnight - 60_000)).toEqual([]);
    expect(await store.admit('site', device(1), midnight - 1_000)).toMatchObject([{ today: 11 }]);
    expect(await store.admit('site', device(10), midnight)).toEqual([]);
  });
});

describe('the throttle store with Redis', () => {
  /** A Redis whose every command fails the way a dropped connection does. */
  function lostRedis(): { redis: Redis; calls: () => number } {
    let calls = 0;
    const redis = {
      status: 'ready',
      defineCommand(name: string) {
        (this as unknown as Record<string, unknown>)[name] = async () => {
          calls += 1;
          throw new Error('Connection is closed.');
        };
      },
    };
    return { redis: redis as unknown as Redis, calls: () => calls };
  }

  it('counts on this node while Redis fails, asking it again only after the cool-down', async () => {
    const { redis, calls } = lostRedis();
    const errors: unknown[] = [];
    let clock = 0;
    const store = createThrottleStore({
      redis,
      prefix: 'test:',
      limits,
      onError: (err) => errors.push(err),
      availability: createRedisAvailability(redis, { now: () => clock }),
    });
    const t = 1_800_000_000_000;
    expect(await store.admit('site', device(300), t)).toEqual([]);
    expect(await store.admit('site', device(1), t)).toMatchObject([{ eps: 30.1 }]);
    expect(calls()).toBe(1);
    clock += 2_000;
    expect(await store.admit('site', device(1), t)).toHaveLength(1);
    expect(calls()).toBe(2);
    // An outage is expected, told by the connection: not reported as a bug of ours.
    expect(errors).toEqual([]);
  });
});
