import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const isCI = Boolean(process.env.CI);

/** A fixed port so the suite is repeatable; E2E_PORT overrides it (two suites side by side). */
const port = Number(process.env.E2E_PORT ?? 3457);
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_BASE_URL = baseURL;

/**
 * A fresh embedded database per run. The config file is evaluated by the runner and again by
 * every worker, so the directory is chosen once and handed down through the environment.
 */
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(os.tmpdir(), `coinfall-e2e-${Date.now()}-${process.pid}`);
}
const dataDir = process.env.E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });

/**
 * The distribution's Chromium, never a downloaded one. Its old headless shell (Debian's
 * chromium-headless-shell) when installed: the same engine without the full browser's window
 * machinery, which is what Playwright itself runs headless, and ~35 % less time per visit here
 * (decision 068). CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** Headless as root in a container, and no traffic to anything but 127.0.0.1. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** At least 16 characters, as the server demands; the tests read it from the environment. */
process.env.E2E_CONTENT_PREVIEW_TOKEN ??= 'e2e-preview-token-0123456789';
const CONTENT_PREVIEW_TOKEN = process.env.E2E_CONTENT_PREVIEW_TOKEN;
/** The sandbox operator token (≥ 32 characters) of /api/dev; the fixtures read it back. */
process.env.E2E_OPERATOR_TOKEN ??= 'e2e-operator-token-0123456789abcdef';
const SANDBOX_OPERATOR_TOKEN = process.env.E2E_OPERATOR_TOKEN;

/** The server's signing key, for the tests that craft a token it would have issued. */
process.env.E2E_JWT_SECRET ??= 'e2e-jwt-secret-not-for-production-0123456789';
const JWT_SECRET = process.env.E2E_JWT_SECRET;

const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseURL,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  CONTENT_PREVIEW_TOKEN,
  // A test key: on PostgreSQL a production node needs an explicit one.
  JWT_SECRET,
  SHUTDOWN_GRACE_MS: '1000',
  // Every browser of the suite comes from 127.0.0.1: one client, as far as the API limit knows.
  RATE_LIMIT_PER_MINUTE: '100000',
  // …and every test signs players up from it: the per-IP sign-up limit is tested by the API tests.
  REGISTRATIONS_PER_IP_PER_HOUR: '100000',
  // Mail and SMS read from the dev mailbox, social login through the sandbox provider, the
  // cashier and the /api/dev tools: on explicitly, acknowledged for NODE_ENV=production, with a
  // fixed operator token (CI also runs the suite on PostgreSQL, where one must be given).
  SANDBOX: 'on',
  SANDBOX_IN_PRODUCTION: 'acknowledged',
  SANDBOX_OPERATOR_TOKEN,
  // Every test registers players: argon2id at the test cost (allowed with SANDBOX on).
  PASSWORD_HASH_COST: 'low',
};
// PostgreSQL when the caller gives one (CI runs the suite on both databases).
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;
if (process.env.REDIS_URL) serverEnv.REDIS_URL = process.env.REDIS_URL;

/**
 * Specs about pages, locales, layout and modal mechanics: what they check does not depend on the
 * database engine. E2E_DATA_SPECS_ONLY=1 (CI's second pass, on PostgreSQL) leaves them to the
 * first pass on the embedded database, keeping CI well under its time budget.
 */
const ENGINE_INDEPENDENT_SPECS = [
  'routes.spec.ts',
  'drawer.spec.ts',
  'modals.spec.ts',
  'preview.spec.ts',
  // Layout at two viewports (issue 20): frames, overflow, entry points.
  'site-promises.spec.ts',
  'play-experience.spec.ts',
];

/**
 * Every context starts in A/B group A with the open funnel (decision 063): a semi-closed funnel
 * changes what a guest sees, and a random draw would make half the suite's guests closed-funnel
 * visitors. funnel.spec.ts reaches the semi-closed funnel through its campaign rule.
 */
const FUNNEL_COOKIES = [
  { name: 'ab_group', value: 'A' },
  { name: 'funnel_type', value: 'open' },
].map((cookie) => ({
  ...cookie,
  domain: '127.0.0.1',
  path: '/',
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: 'Lax' as const,
}));

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  testIgnore: process.env.E2E_DATA_SPECS_ONLY === '1' ? ENGINE_INDEPENDENT_SPECS : [],
  outputDir: path.join(here, 'test-results'),
  globalSetup: path.join(here, 'global-setup.ts'),
  fullyParallel: true,
  forbidOnly: isCI,
  // One retry on CI, where a submission lands only if the whole run passes: a test that needed
  // it is still listed as flaky in the report (decision 059). None locally, where flakes show.
  retries: isCI ? 1 : 0,
  // The machines have two cores, and the server under test needs one of them.
  workers: 2,
  // A test's limit, 60 s on CI: the longest flows (a card deposit through 3-D Secure, a purchase)
  // take 20–25 s there with both workers and the server on two cores, too near 30 s to fail only
  // when broken (decision 068). A passing test ends when it passes, so the limit costs nothing.
  timeout: isCI ? 60_000 : 30_000,
  // On CI a page can wait for a core behind the server and the other worker: an assertion gets
  // 10 s there (decision 059), 5 s locally, where slowness should show.
  expect: { timeout: isCI ? 10_000 : 5_000 },
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // Only the local server is ever contacted.
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The trace of a failed test, without its screencast: the screencast's frames cost the
    // browser ~10 % of the suite's CPU on every passing test. On CI only a test's retry records
    // one: recording every test to keep the failures' cost ~7 % of the suite's CPU there.
    trace: { mode: isCI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'en-US',
    serviceWorkers: 'block',
    // Also applied to contexts a test makes with browser.newContext() without its own.
    storageState: { cookies: FUNNEL_COOKIES, origins: [] },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'npx tsx ../apps/server/src/main.ts',
    cwd: here,
    env: serverEnv,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    // A server left on the port may serve an older build: reuse it only when asked (never in CI).
    reuseExistingServer: !isCI && process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
