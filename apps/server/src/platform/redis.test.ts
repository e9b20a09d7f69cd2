import net from 'node:net';
import { ReplyError, type Redis } from 'ioredis';
import { ConfigError } from '../config.ts';
import { createRedisAvailability, isRedisOutage, openRedis } from './redis.ts';

/** A port nobody listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('openRedis', () => {
  it('refuses a Redis it cannot reach with a ConfigError naming REDIS_URL, password hidden', async () => {
    const port = await closedPort();
    const error = await openRedis(`redis://:s3cret-pass@127.0.0.1:${port}/0`).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const { message } = error as ConfigError;
    expect(message).toContain(`REDIS_URL: cannot reach redis://:***@127.0.0.1:${port}/0`);
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain('s3cret-pass');
  });
});

/** ioredis exports the class of Redis's error replies untyped. */
const Reply = ReplyError as new (message: string) => Error;

describe('isRedisOutage', () => {
  it('tells a lost or slow connection and a Redis that cannot serve from a refused command', () => {
    expect(isRedisOutage(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisOutage(new Error('Command timed out'))).toBe(true);
    expect(isRedisOutage(new Reply('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isRedisOutage(new Reply("READONLY You can't write against a read only replica."))).toBe(
      true,
    );
    expect(isRedisOutage(new Reply('ERR Error running script'))).toBe(false);
    expect(isRedisOutage('not an error')).toBe(false);
  });
});

describe('createRedisAvailability', () => {
  it('is usable only while the connection is ready, and not for a while after a failure', () => {
    const redis = { status: 'ready' as Redis['status'] };
    let now = 0;
    const availability = createRedisAvailability(redis, { coolDownMs: 2000, now: () => now });
    expect(availability.usable()).toBe(true);
    redis.status = 'reconnecting';
    expect(availability.usable()).toBe(false);
    redis.status = 'ready';
    availability.failed();
    now = 1999;
    expect(availability.usable()).toBe(false);
    now = 2000;
    expect(availability.usable()).toBe(true);
  });
});
