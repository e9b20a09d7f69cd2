import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';

export { expect };

/** Set by playwright.config.ts; the server under test runs with this CONTENT_PREVIEW_TOKEN. */
export const CONTENT_PREVIEW_TOKEN =
  process.env.E2E_CONTENT_PREVIEW_TOKEN ?? 'e2e-preview-token-0123456789';

/** Set by playwright.config.ts; the server under test runs with this SANDBOX_OPERATOR_TOKEN. */
export const OPERATOR_TOKEN =
  process.env.E2E_OPERATOR_TOKEN ?? 'e2e-operator-token-0123456789abcdef';

/** The headers of an operator request (/api/dev/*): never a player's token. */
/** The header's label of a coin balance of `minor` units ("Balance: 10,002 GC"). */
export const balanceLabel = (minor: number, currency: 'GC' | 'SC') =>
  `Balance: ${(minor / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;

/** A coin amount as the site shows it ("5,000 GC") back in minor units. */
export const minorOf = (shown: string) => Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100);

export const operatorHeaders = (): Record<string, string> => ({
  authorization: `Bearer ${OPERATOR_TOKEN}`,
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An unsigned JWT-shaped token ("alg": "none", empty signature). The site shell treats a
 * non-expired access_token cookie as "logged in" for rendering; the API still verifies every
 * call, so this only ever unlocks markup, never data.
 */
export function unsignedJwt(payload: Record<string, unknown> = {}, ttlSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'e2e', exp, ...payload })}.`;
}

/** Sets the access_token cookie (exp = now + 1 h) on every page of the context. */
export async function loginCookie(context: BrowserContext, baseURL?: string): Promise<void> {
  const url = baseURL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3457';
  await context.addCookies([
    { name: 'access_token', value: unsignedJwt(), url, httpOnly: false, sameSite: 'Lax' },
  ]);
}

/**
 * Waits until the page has loaded and hydrated, then (within a bound) until no request is in
 * flight. Hydration is awaited without a bound of its own: a click before it is the browser's
 * own navigation, a full load that a test does not expect (a CI flake on a loaded machine). A
 * document that is not the site's (no React Router context) has nothing to hydrate.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      !('__reactRouterContext' in window) || document.documentElement.hasAttribute('data-hydrated'),
  );
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/**
 * Waits until the site's realtime client is subscribed to a channel (not merely connected). A
 * push published before that is not replayed to a first subscription: the site reads the data
 * again on subscribing (so balances and levels are right) but raises no alert for it. A test
 * that expects a push's alert waits for this first.
 */
export async function expectSubscribed(page: Page, channel: string): Promise<void> {
  await expect(page.getByTestId('realtime-status')).toHaveAttribute(
    'data-subscribed',
    new RegExp(`(^| )${channel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`),
    { timeout: 10_000 },
  );
}

interface Fixtures {
  /** Logs the test's context in (see loginCookie()). */
  loginCookie: (context?: BrowserContext) => Promise<void>;
  /**
   * Uncaught page errors and console 'error' messages (CSP violations, hydration mismatches,
   * failed loads) of every page in the test's context, collected from the first navigation on.
   */
  consoleErrors: string[];
  /** page.goto(), then settle(); returns the document response. */
  visit: (path: string, page?: Page) => Promise<Response | null>;
}

export const test = base.extend<Fixtures>({
  loginCookie: async ({ context, baseURL }, use) => {
    await use((ctx = context) => loginCookie(ctx, baseURL));
  },
  consoleErrors: async ({ context }, use) => {
    const errors: string[] = [];
    // A page answered with 404/500 on purpose: Chromium still logs its document as a failed load.
    const documents = new Set<string>();
    context.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.status() >= 400)
        documents.add(response.url());
    });
    context.on('weberror', (e) => errors.push(`pageerror: ${e.error().message}`));
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      if (message.text().startsWith('Failed to load resource') && documents.has(url)) return;
      errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    await use(errors);
  },
  visit: async ({ page }, use) => {
    await use(async (path, target = page) => {
      const response = await target.goto(path);
      await settle(target);
      return response;
    });
  },
});

/** A message of the development mailbox (GET /api/dev/mailbox, newest first). */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/**
 * Waits for the newest mail to `to` that `matches` (mail goes out after the API answered, and
 * SMS codes land in the same mailbox with `to` = the phone number). Phone numbers compare by
 * their digits, so "+1 415…" and "+1415…" are the same recipient.
 */
export async function readMail(
  request: APIRequestContext,
  to: string,
  matches: (mail: DevMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<DevMail> {
  const digits = (value: string) => value.replace(/\D/g, '');
  const sameRecipient = (mail: DevMail) =>
    mail.to.toLowerCase().includes(to.toLowerCase()) ||
    (/^\+?[\d\s()-]+$/.test(to) && digits(mail.to) === digits(to));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get('/api/dev/mailbox', { headers: operatorHeaders() });
    if (!response.ok())
      throw new Error(`GET /api/dev/mailbox answered ${response.status()}; is the mailbox on?`);
    const { data } = (await response.json()) as { data: DevMail[] };
    const mail = data.find((m) => sameRecipient(m) && matches(m));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first in-site link of a mail's text, as a path + query for page.goto(). */
export function siteLinkIn(text: string, contains: string): string {
  const url = text.match(/https?:\/\/\S+/g)?.find((link) => link.includes(contains));
  if (!url) throw new Error(`No link with "${contains}" in:\n${text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Registers a player through the API; answers its session (accessToken, profile…). */
export async function registerPlayer(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ accessToken: string; expiresAfter: number }> {
  const response = await request.post('/api/player/register', {
    data: {
      email,
      password,
      agreements: true,
      receiveEmailPromo: false,
      device: { type: 'desktop' },
    },
  });
  if (response.status() !== 200) throw new Error(`register answered ${response.status()}`);
  return (await response.json()) as { accessToken: string; expiresAfter: number };
}

/** Puts a real session token (from the API) into the context's access_token cookie. */
export async function sessionCookie(
  context: BrowserContext,
  accessToken: string,
  baseURL?: string,
): Promise<void> {
  const url = baseURL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3457';
  await context.addCookies([
    { name: 'access_token', value: accessToken, url, httpOnly: false, sameSite: 'Lax' },
  ]);
}

/** A player registered through the API for one test, with a real session token. */
export interface RegisteredPlayer {
  email: string;
  password: string;
  accessToken: string;
}

/**
 * Registers a fresh player through POST /api/player/register and logs the browser context in
 * with the real token (the access_token cookie the site reads), so API calls succeed too.
 */
export async function registerAndLogin(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL?: string,
): Promise<RegisteredPlayer> {
  const email = `e2e-${crypto.randomUUID()}@example.com`;
  const password = 'coinfall-e2e-secret';
  const response = await request.post('/api/player/register', {
    data: {
      email,
      password,
      agreements: true,
      receiveEmailPromo: false,
      device: { type: 'desktop' },
    },
  });
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const url = baseURL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3457';
  await context.addCookies([
    { name: 'access_token', value: accessToken, url, httpOnly: false, sameSite: 'Lax' },
  ]);
  return { email, password, accessToken };
}
