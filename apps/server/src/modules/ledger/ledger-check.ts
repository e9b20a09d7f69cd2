/**
 * `npm run ledger:check`: runs the ledger invariants against the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR, as the server does) and exits 1 on any
 * violating row.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { runLedgerInvariants } from './ledger-invariants.repo.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 78; // EX_CONFIG
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: 1,
  });
  try {
    // Brings an older database up to the schema the checks read; a no-op when current.
    await database.migrate();
    const results = await runLedgerInvariants(database.db);
    for (const r of results) {
      const mark = r.violations === 0 ? 'ok  ' : 'FAIL';
      console.log(
        `${mark} ${r.name.padEnd(28)} ${String(r.violations).padStart(6)}  ${r.description}`,
      );
    }
    const failed = results.filter((r) => r.violations > 0).length;
    console.log(
      failed === 0
        ? `ledger: all ${results.length} checks hold (${database.driver})`
        : `ledger: ${failed} of ${results.length} checks fail (${database.driver})`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
