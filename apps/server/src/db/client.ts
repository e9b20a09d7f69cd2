import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { guardPgliteNesting } from './pglite-deadlock-guard.ts';
import { cacheStatements, STATEMENT_CACHE_LIFETIME_S } from './statement-cache.ts';

/** Repositories are written against this one type; the driver is a wiring choice. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  /**
   * Background work that the outbox can redo — the dispatcher and its handlers. On PostgreSQL a
   * small pool of its own, so delivery is never queued behind request transactions for a
   * connection, with asynchronous commits (no wait for the WAL flush): a crash can lose only
   * the latest of them, and since WAL is flushed in order, an event whose `dispatched_at` was
   * lost is delivered again, its handlers idempotent (decision 013). On PGlite the same as `db`.
   */
  background: Database;
  driver: DatabaseDriver;
  migrate(): Promise<void>;
  ping(): Promise<number>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the server's URL, for a connection of one's own outside the pool (the outbox
   * leader holds a session advisory lock on it).
   */
  connectionString?: string;
  /** PGlite only: the data directory as a tarball, to open copies of it (`pgliteTemplate`). */
  dumpDataDir?: () => Promise<Blob>;
}

const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same on every node so migrations run one at a time.
const MIGRATION_LOCK_KEY = 7_320_114;
/** The dispatcher runs one statement at a time; the second serves a handler's side work. */
const BACKGROUND_POOL_SIZE = 2;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  /**
   * A data directory dumped by PGlite (`dumpDataDir`) to start from instead of running initdb:
   * the test suites migrate one database once and load it per test app (~0.6 s instead of ~2 s).
   */
  pgliteTemplate?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.pgliteDir, options.pgliteTemplate);
}

async function timedPing(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}

async function openPglite(dir: string, template: Blob | undefined): Promise<DatabaseHandle> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, loadDataDir: template });
  guardPgliteNesting(client);
  const db: Database = drizzlePglite({ client });
  return {
    db,
    background: db,
    driver: 'pglite',
    // PGlite is single-connection and single-process, so no lock is needed.
    migrate: () =>
      migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => timedPing(db),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // Connections are recycled hourly: the statements each one prepared follow what runs now.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    maxLifetimeSeconds: STATEMENT_CACHE_LIFETIME_S,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error(`PostgreSQL idle connection error: ${err.message}`));
  // Repeated queries become server-side prepared statements (decision 073).
  pool.on('connect', (client) => cacheStatements(client));
  const db: Database = drizzlePg({ client: pool });
  const backgroundPool = new pg.Pool({
    connectionString: url,
    max: BACKGROUND_POOL_SIZE,
    maxLifetimeSeconds: STATEMENT_CACHE_LIFETIME_S,
    options: '-c synchronous_commit=off',
  });
  backgroundPool.on('error', (err) =>
    console.error(`PostgreSQL idle connection error: ${err.message}`),
  );
  backgroundPool.on('connect', (client) => cacheStatements(client));
  const background: Database = drizzlePg({ client: backgroundPool });
  return {
    db,
    background,
    driver: 'postgres',
    async migrate() {
      // Several nodes may start at once; the advisory lock lets exactly one migrate at a time.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: connection }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await connection
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        connection.release();
      }
    },
    ping: () => timedPing(db),
    close: async () => {
      await Promise.all([pool.end(), backgroundPool.end()]);
    },
    connectionString: url,
  };
}
