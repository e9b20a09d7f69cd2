import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { onServer, templateDatabaseName } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database dumped once per run; empty on PostgreSQL. */
    pgliteTemplatePath: string;
    /** On PostgreSQL, the migrated database each test app's database is copied from. */
    pgTemplateDatabase: string;
  }
}

/**
 * Every test app would otherwise run every migration on a database of its own (~2 s each on the
 * embedded database, ~0.5 s on PostgreSQL, for 150+ apps): migrate one database here and let each
 * test app load its dump (embedded) or be created from it as a template (PostgreSQL).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = templateDatabaseName(serverUrl);
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    try {
      await database.migrate();
    } finally {
      // A template cannot be copied while anyone is connected to it.
      await database.close();
    }
    project.provide('pgliteTemplatePath', '');
    project.provide('pgTemplateDatabase', name);
    return () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  project.provide('pgTemplateDatabase', '');
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coinfall-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  try {
    await database.migrate();
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('the embedded database cannot dump its data directory');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplatePath', file);
  return () => rm(dir, { recursive: true, force: true });
}
