import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';

export { expect };

/** Set by playwright.config.ts; the server under test runs with this CONTENT_PREVIEW_TOKEN. */
export const CONTENT_PREVIEW_TOKEN =
  process.env.E2E_CONTENT_PREVIEW_TOKEN ?? 'e2e-preview-token-0123456789';

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

/** Waits until the page has loaded and hydrated (no requests in flight), within a bound. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
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
