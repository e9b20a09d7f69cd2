import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database dumped once per run; empty on PostgreSQL. */
    pgliteTemplatePath: string;
  }
}

/**
 * On the embedded database every test app would run initdb and every migration (~2 s each, 40+
 * apps): migrate one database here and let each test app load its dump instead.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return async () => undefined;
  }
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
