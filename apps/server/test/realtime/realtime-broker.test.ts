import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { openRedis } from '../../src/platform/redis.ts';
import type { Broker, BrokerDelivery } from '../../src/modules/realtime/broker.ts';
import { createMemoryBroker } from '../../src/modules/realtime/memory-broker.ts';
import { createRedisBroker } from '../../src/modules/realtime/redis-broker.ts';
import type { HistoryPolicy } from '../../src/modules/realtime/memory-broker.ts';

const POLICY: HistoryPolicy = { size: 3, ttlMs: 60_000 };

/** The same contract for both brokers: the gateway must not care which one runs. */
type MakeBroker = (policy: HistoryPolicy, now?: () => number) => Promise<Broker>;

function brokerContract(name: string, make: MakeBroker) {
  describe(`${name} broker`, () => {
    let broker: Broker;
    const channel = () => `wallet:accounts#${randomUUID()}`;
    beforeEach(async () => {
      broker = await make(POLICY);
    });
    afterEach(async () => {
      await broker.close();
    });

    it('numbers publications 1, 2, 3 on one epoch', async () => {
      const c = channel();
      const first = await broker.publish(c, { a: 1 });
      const second = await broker.publish(c, { a: 2 });
      expect(first.offset).toBe(1);
      expect(second).toEqual({ epoch: first.epoch, offset: 2 });
    });

    it('gives an unpublished channel a position with offset 0 and a stable epoch', async () => {
      const c = channel();
      const a = await broker.history(c, { limit: 0 });
      const b = await broker.history(c, { limit: 0 });
      expect(a).toEqual({ epoch: b.epoch, offset: 0, publications: [] });
      expect((await broker.publish(c, 'x')).epoch).toBe(a.epoch);
    });

    it('keeps the newest publications within the size, newest first without since', async () => {
      const c = channel();
      for (const n of [1, 2, 3, 4, 5]) await broker.publish(c, n);
      const all = await broker.history(c, { limit: -1 });
      expect(all.offset).toBe(5);
      expect(all.publications.map((p) => p.data)).toEqual([5, 4, 3]);
      expect((await broker.history(c, { limit: 2 })).publications.map((p) => p.offset)).toEqual([
        5, 4,
      ]);
    });

    it('returns what came after a position, oldest first', async () => {
      const c = channel();
      const { epoch } = await broker.publish(c, 'a');
      for (const d of ['b', 'c']) await broker.publish(c, d);
      const after = await broker.history(c, { since: { epoch, offset: 1 }, limit: -1 });
      expect(after.publications).toEqual([
        { offset: 2, data: 'b' },
        { offset: 3, data: 'c' },
      ]);
    });

    it('hands every publication to listeners in offset order, with its channel and epoch', async () => {
      const c = channel();
      const seen: BrokerDelivery[] = [];
      const stop = broker.onPublication((d) => {
        if (d.channel === c) seen.push(d);
      });
      const { epoch } = await broker.publish(c, { deep: { list: [1, 'two'] } });
      await broker.publish(c, null);
      await vi.waitFor(() => expect(seen).toHaveLength(2));
      expect(seen[0]).toEqual({
        channel: c,
        epoch,
        publication: { offset: 1, data: { deep: { list: [1, 'two'] } } },
      });
      expect(seen[1]!.publication.offset).toBe(2);
      stop();
      await broker.publish(c, 'after stop');
      await new Promise((r) => setTimeout(r, 50));
      expect(seen).toHaveLength(2);
    });

    it('forgets publications past their TTL but keeps the position', async () => {
      let clock = Date.now();
      const timed = await make({ size: 10, ttlMs: 1000 }, () => clock);
      const c = channel();
      const { epoch } = await timed.publish(c, 'old');
      clock += 2000;
      const later = await timed.history(c, { since: { epoch, offset: 0 }, limit: -1 });
      expect(later).toEqual({ epoch, offset: 1, publications: [] });
      await timed.close();
    });
  });
}

brokerContract('in-process', async (policy, now) => createMemoryBroker({ policy, now }));

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('Redis (REDIS_URL set)', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await openRedis(redisUrl!);
  });
  afterAll(async () => {
    await redis.quit();
  });
  brokerContract('Redis', (policy, now) =>
    createRedisBroker({ redis, policy, now, prefix: `coinfall:rt-test:${randomUUID()}:` }),
  );

  it('delivers a publication of one broker to the listeners of another (two nodes)', async () => {
    const prefix = `coinfall:rt-test:${randomUUID()}:`;
    const a = await createRedisBroker({ redis, policy: POLICY, prefix });
    const b = await createRedisBroker({ redis, policy: POLICY, prefix });
    const seen: unknown[] = [];
    b.onPublication((d) => seen.push(d.publication.data));
    await a.publish('activity-board', { from: 'a' });
    await vi.waitFor(() => expect(seen).toEqual([{ from: 'a' }]));
    await a.close();
    await b.close();
  });
});
