import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';
import { seedDemoAdmin } from './modules/backoffice/demo-admin.ts';
import { loadSiteBuild, startSiteDevServer } from './modules/site/site.build.ts';
import { readOrCreateSecret } from './platform/persisted-secret.ts';
import { openRedis } from './platform/redis.ts';

/** A bad setting — a malformed variable, a Redis that cannot be reached — stops here: no stack. */
async function orExitOnConfigError<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

/** Process entry: config -> Redis -> database -> app -> listen, and a graceful way back down. */
async function main(): Promise<void> {
  const config: Config = await orExitOnConfigError(() =>
    loadConfig(process.env, { persistedSecret: readOrCreateSecret }),
  );
  // Before the database's migrations: a wrong REDIS_URL is told at once.
  const redis = config.redisUrl
    ? await orExitOnConfigError(() => openRedis(config.redisUrl!))
    : null;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  await seedDatabase(database.db);

  const site = config.siteMode === 'vite' ? await startSiteDevServer() : await loadSiteBuild();
  const app = await buildApp({ config, database, redis, site: site ?? null });
  if (!site) app.log.warn('apps/web is not built; the site answers 503 until `npm run build`');

  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining requests');
    // Fastify stops accepting, lets in-flight requests finish, then we release the database.
    await app.close();
    await Promise.all([database.close(), redis?.quit()]);
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Coinfall is up at ${config.publicUrl} (database: ${database.driver})`);
  if (config.sandboxOperator?.generated) printOperatorToken(config);
  // The embedded demo (one node, sandboxes on) gets a first admin; a real deployment creates its
  // staff with `npm run staff:create`.
  if (config.sandbox && !config.databaseUrl && config.nodeEnv !== 'test') {
    await seedDemoAdmin({
      accounts: app.backoffice.accounts,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      password: readOrCreateSecret(config.dataDir, 'demo-admin-password'),
    });
  }
}

/**
 * The generated sandbox operator token, once, for the person running the demo. Straight to the
 * console and never through the logger: log pipelines keep and ship what they receive.
 */
function printOperatorToken(config: Config): void {
  console.log(
    [
      '',
      `Sandbox operator token: ${config.sandboxOperator?.token}`,
      `  for /api/dev/* (Authorization: Bearer <token>) and every message on ${config.publicUrl}/dev/mailbox`,
      `  kept in ${path.join(config.dataDir, 'secrets', 'sandbox-operator-token')}; SANDBOX_OPERATOR_TOKEN sets your own`,
      '',
    ].join('\n'),
  );
}

await main();
