import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test } from './fixtures';

/**
 * Staying signed in (issue 20, decision 026): the access token lives 15 minutes, the session as
 * long as the player is active — a player who closed the tab and comes back within 20 minutes
 * is still signed in; one whose session ended meets the sign-in modal on a public page, not /403.
 */

const JWT_SECRET = process.env.E2E_JWT_SECRET ?? '';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

/** The same session's token as the server would have signed it 16 minutes ago (expired since 1). */
function expiredTwin(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { ...claimsOf(token), iat: now - 16 * 60, exp: now - 60 };
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  const signature = createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Account menu' });

test.describe('session', () => {
  test.beforeAll(() => {
    expect(JWT_SECRET, 'playwright.config.ts sets E2E_JWT_SECRET').not.toBe('');
  });

  test('a player coming back after the token expired is still signed in', async ({
    page,
    context,
    request,
    baseURL,
    visit,
  }) => {
    const { accessToken } = await registerAndLogin(context, request, baseURL);
    await context.addCookies([
      { name: 'access_token', value: expiredTwin(accessToken), url: baseURL ?? '' },
    ]);
    const renewed = page.waitForResponse(
      (r) => r.url().endsWith('/api/player/sessions/refresh') && r.status() === 200,
    );
    await visit('/profile/info');
    await renewed;
    await expect(accountMenu(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login is required' })).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
    expect(claimsOf(cookie?.value ?? '').ver).toBe(2);
  });

  test('a session ended elsewhere leaves a public page with the sign-in modal, not /403', async ({
    page,
    context,
    request,
    baseURL,
    visit,
  }) => {
    const { accessToken } = await registerAndLogin(context, request, baseURL);
    const ended = await request.post('/api/player/sessions/logout', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(ended.status()).toBe(204);
    await context.addCookies([
      { name: 'access_token', value: expiredTwin(accessToken), url: baseURL ?? '' },
    ]);
    await visit('/games');
    // The refused refresh asks for the modal; its lazy chunk loads then (slow on a busy runner).
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/games');
    await expect(accountMenu(page)).toHaveCount(0);
  });
});
