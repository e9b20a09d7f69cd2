import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  createRedisAvailability,
  isRedisOutage,
  type RedisAvailability,
} from '../../platform/redis.ts';
import {
  judge,
  THROTTLE_WINDOW_MS,
  WINDOW_SECONDS,
  windowAt,
  type Refusal,
  type Sender,
  type ThrottleLimits,
} from './throttle.fns.ts';

/** Counts the events of devices and users; the ingest asks it before storing a request. */
export interface ThrottleStore {
  /** The refused senders of a request; when there are none, its events are counted. */
  admit(project: string, senders: readonly Sender[], nowMs: number): Promise<Refusal[]>;
}

/** Ids are the sender's choice, up to ~1 KB: a long one is counted under its hash. */
const LONGEST_KEPT_ID = 64;
const keyOf = (project: string, sender: Sender) => {
  const id =
    sender.id.length <= LONGEST_KEPT_ID
      ? sender.id
      : `#${createHash('sha256').update(sender.id).digest('base64url')}`;
  return `${project}:${sender.kind === 'device' ? 'd' : 'u'}:${id}`;
};

/**
 * Senders one node counts without Redis. Past it the oldest counts are dropped (a Map keeps
 * insertion order): those senders are throttled less for the rest of the day, and the node's
 * memory stays bounded whatever ids a flood invents.
 */
export const MAX_LOCAL_SENDERS = 200_000;

/** Drops the oldest entries past the bound. */
function bound(counts: Map<string, number>): void {
  for (const key of counts.keys()) {
    if (counts.size <= MAX_LOCAL_SENDERS) return;
    counts.delete(key);
  }
}

/** This node's counts: two 10 s buckets and the day's, per sender. */
export function createLocalThrottleStore(limits: ThrottleLimits): ThrottleStore {
  let bucket = 0;
  let day = '';
  let current = new Map<string, number>();
  let previous = new Map<string, number>();
  let today = new Map<string, number>();
  return {
    async admit(project, senders, nowMs) {
      const at = windowAt(nowMs);
      if (at.bucket !== bucket) {
        previous = at.bucket === bucket + 1 ? current : new Map<string, number>();
        current = new Map();
        bucket = at.bucket;
      }
      if (at.day !== day) {
        today = new Map();
        day = at.day;
      }
      const keys = senders.map((sender) => keyOf(project, sender));
      const refusals: Refusal[] = [];
      senders.forEach((sender, i) => {
        const key = keys[i] ?? '';
        const counts = {
          current: current.get(key) ?? 0,
          previous: previous.get(key) ?? 0,
          today: today.get(key) ?? 0,
        };
        const refusal = judge(sender, counts, at.previousWeight, limits);
        if (refusal) refusals.push(refusal);
      });
      if (refusals.length > 0) return refusals;
      senders.forEach((sender, i) => {
        const key = keys[i] ?? '';
        current.set(key, (current.get(key) ?? 0) + sender.count);
        today.set(key, (today.get(key) ?? 0) + sender.count);
      });
      bound(current);
      bound(today);
      return [];
    },
  };
}

// Reads each sender's counters (this bucket, the previous one, the day) and adds the request
// to them only if no sender is over a limit: one round trip, atomic, and a refused request is
// not counted (the SDK sends it again). Its comparisons are judge()'s (throttle.fns.ts).
const ADMIT_SCRIPT = `
local n = #KEYS / 3
local weight, windowLimit, quota = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local counts, refused = {}, 0
for i = 1, n do
  local c = tonumber(ARGV[5 + i])
  local got = redis.call('MGET', KEYS[3*i-2], KEYS[3*i-1], KEYS[3*i])
  local cur, prev, day = tonumber(got[1] or '0'), tonumber(got[2] or '0'), tonumber(got[3] or '0')
  counts[3*i-2], counts[3*i-1], counts[3*i] = cur, prev, day
  if prev * weight + cur + c > windowLimit or day + c > quota then refused = 1 end
end
if refused == 1 then return counts end
for i = 1, n do
  redis.call('INCRBY', KEYS[3*i-2], ARGV[5 + i])
  redis.call('PEXPIRE', KEYS[3*i-2], ARGV[4])
  redis.call('INCRBY', KEYS[3*i], ARGV[5 + i])
  redis.call('EXPIRE', KEYS[3*i], 172800)
end
return {}
`;

type AdmitCommand = (keysAndArgs: (string | number)[]) => Promise<number[]>;

/** Counts shared by every node, in Redis (keys under `prefix`). */
export function createRedisThrottleStore(
  redis: Redis,
  prefix: string,
  limits: ThrottleLimits,
): ThrottleStore {
  // defineCommand sends the script once, then its SHA (EVALSHA), like @fastify/rate-limit's store.
  if (!('coinfallAnalyticsAdmit' in redis)) {
    redis.defineCommand('coinfallAnalyticsAdmit', { lua: ADMIT_SCRIPT });
  }
  const admit = (redis as unknown as { coinfallAnalyticsAdmit: AdmitCommand })
    .coinfallAnalyticsAdmit;
  return {
    async admit(project, senders, nowMs) {
      if (senders.length === 0) return [];
      const at = windowAt(nowMs);
      const keys: string[] = [];
      for (const sender of senders) {
        const key = `${prefix}an:${keyOf(project, sender)}`;
        keys.push(`${key}:${at.bucket}`, `${key}:${at.bucket - 1}`, `${key}:${at.day}`);
      }
      const args = [
        at.previousWeight,
        limits.epsThreshold * WINDOW_SECONDS,
        limits.dailyQuota,
        THROTTLE_WINDOW_MS * 2,
        ...senders.map((sender) => sender.count),
      ];
      const counts = await admit.call(redis, [keys.length, ...keys, ...args]);
      if (counts.length === 0) return [];
      const refusals: Refusal[] = [];
      senders.forEach((sender, i) => {
        const refusal = judge(
          sender,
          {
            current: counts[3 * i] ?? 0,
            previous: counts[3 * i + 1] ?? 0,
            today: counts[3 * i + 2] ?? 0,
          },
          at.previousWeight,
          limits,
        );
        if (refusal) refusals.push(refusal);
      });
      return refusals;
    },
  };
}

/**
 * Redis while it answers, this node's memory while it does not (decision 021, as the API rate
 * limits): the throttle keeps holding per node through an outage instead of failing open or
 * refusing events.
 */
export function createThrottleStore(deps: {
  redis: Redis | null;
  prefix: string;
  limits: ThrottleLimits;
  onError: (err: unknown) => void;
  availability?: RedisAvailability;
}): ThrottleStore {
  const local = createLocalThrottleStore(deps.limits);
  const { redis } = deps;
  if (!redis) return local;
  const shared = createRedisThrottleStore(redis, deps.prefix, deps.limits);
  const availability = deps.availability ?? createRedisAvailability(redis);
  return {
    async admit(project, senders, nowMs) {
      if (!availability.usable()) return local.admit(project, senders, nowMs);
      try {
        return await shared.admit(project, senders, nowMs);
      } catch (err) {
        availability.failed();
        // An outage is expected and told once by the connection; anything else is a bug of ours.
        if (!isRedisOutage(err)) deps.onError(err);
        return local.admit(project, senders, nowMs);
      }
    },
  };
}
