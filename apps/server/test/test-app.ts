import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed/index.ts';
import { createOutboxRepo } from '../src/platform/events/outbox.repo.ts';
import { openRedis } from '../src/platform/redis.ts';
import { onServer } from './test-databases.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  redis: Redis | null;
  config: Config;
  close(): Promise<void>;
}

export const TEST_PREVIEW_TOKEN = 'test-preview-token-0123456789';
/** The sandbox operator token of every test app (SANDBOX_OPERATOR_TOKEN, ≥ 32 characters). */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';
/** The headers of an operator request (/api/dev/*). */
export const operatorHeaders = (): Record<string, string> => ({
  authorization: `Bearer ${TEST_OPERATOR_TOKEN}`,
});

let databasesMade = 0;

/**
 * With DATABASE_URL set, every test app gets a fresh database of its own on that server, so
 * parallel files never see each other's rows: a copy of global-setup.ts's migrated template.
 */
async function freshDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(baseUrl);
  databasesMade += 1;
  const name = `${url.pathname.slice(1) || 'coinfall'}_${process.pid}_${databasesMade}`;
  const template = inject('pgTemplateDatabase');
  await onServer(baseUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(baseUrl, `drop database if exists "${name}" with (force)`),
  };
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated embedded database of global-setup.ts, read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplatePath');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

/** Uses the Redis of REDIS_URL when set (as CI does), so multi-node behaviour is tested for real. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CONTENT_PREVIEW_TOKEN: TEST_PREVIEW_TOKEN,
    // The suites drive the sandboxes (mailbox, cashier, identity provider, /api/dev tools).
    SANDBOX: 'on',
    SANDBOX_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    // Thousands of passwords are hashed here: argon2id at a test cost (see password-hasher.ts),
    // which the configuration refuses to an app that plays a real deployment.
    ...((env.NODE_ENV ?? 'test') === 'test' ? { PASSWORD_HASH_COST: 'low' } : {}),
    REDIS_URL: process.env.REDIS_URL ?? '',
    // Every test registers from 127.0.0.1; the limit has a test of its own at a low setting.
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    // Counters of its own in a shared Redis: every test app calls from 127.0.0.1, and another
    // run on the same Redis (a second suite, a developer's) must not spend this one's budget.
    // A second node of the same app takes its config, so it shares them.
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    ...env,
  });
  const redis: Redis | null = config.redisUrl ? await openRedis(config.redisUrl) : null;
  const server = process.env.DATABASE_URL
    ? await freshDatabase(process.env.DATABASE_URL)
    : undefined;
  const database = await openDatabase({
    databaseUrl: server?.url,
    pgliteDir: 'memory://',
    pgliteTemplate: server ? undefined : await pgliteTemplate(),
    poolSize: 4,
  });
  await database.migrate();
  await seedDatabase(database.db);
  const app = await buildApp({ config, database, redis, site: null });
  await app.ready();
  // The leader's first housekeeping runs at election: done before the test acts, so none of its
  // jobs (an expiry, a daily credit) lands in the middle of a test's arithmetic.
  await app.eventDelivery.dispatcher.idle();
  return {
    app,
    database,
    redis,
    config,
    async close() {
      // The file is done: a connection still open (a keep-alive, a stream a test left) must not
      // keep the server from closing. A listening app only; injected requests have none.
      app.server.closeAllConnections();
      await namedIfSlow('app.close()', app.close());
      await namedIfSlow('redis.quit()', redis?.quit());
      await namedIfSlow(
        'database.close()',
        database.close().catch(() => undefined),
      );
      await namedIfSlow('dropping the database', server?.drop());
    },
  };
}

/**
 * Awaits one step of a test app's shutdown; past 10 s, says which step on stderr, so a hook that
 * times out names what it waited for.
 */
async function namedIfSlow<T>(step: string, work: Promise<T> | undefined): Promise<T | undefined> {
  const timer = setTimeout(
    () => console.error(`test app shutdown: ${step} still waiting after 10 s`),
    10_000,
  );
  try {
    return await work;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A second app on the same database and Redis as `t`, whose clock the test moves through
 * `clock.ms` (cooling-off periods, code expiry). Closed with `app.close()` before `t`.
 */
export async function createClockedApp(
  t: TestApp,
): Promise<{ app: FastifyInstance; clock: { ms: number } }> {
  const clock = { ms: Date.now() };
  const app = await buildApp({
    config: t.config,
    database: t.database,
    redis: t.redis,
    site: null,
    now: () => new Date(clock.ms),
  });
  await app.ready();
  return { app, clock };
}

/** Waits until every event in the test app's outbox is delivered to its handlers. */
export async function drainOutbox(t: TestApp): Promise<void> {
  const outbox = createOutboxRepo(t.database.db);
  const { dispatcher } = t.app.eventDelivery;
  for (let i = 0; i < 100; i += 1) {
    dispatcher.wake();
    await dispatcher.idle();
    if ((await outbox.countUndispatched()) === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the outbox did not drain');
}

/**
 * Takes a lock (`statement`, e.g. `lock table … in exclusive mode`) in a transaction of its own
 * and holds it until `release()`; `holder` ends once it is let go. PostgreSQL only: the embedded
 * database has one connection, which the held transaction would keep from everyone else.
 */
export async function holdLock(
  t: TestApp,
  statement: SQL,
): Promise<{ release: () => void; holder: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    await tx.execute(statement);
    locked();
    await released;
  });
  await isLocked;
  return { release, holder };
}

/** The rows of a raw SQL query on the test app's database (both drivers answer `rows`). */
export async function rowsOf<T>(t: TestApp, query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
