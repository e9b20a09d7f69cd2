import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Spec §2: "a drawer that can be compact (remembered)" and "the logo has a full and a short
 * variant; the full one shows from a width of 33rem".
 */

const COMPACT_COOKIE = 'drawer_compact';

const collapseButton = (page: Page) => page.getByRole('button', { name: 'Collapse menu' });
const expandButton = (page: Page) => page.getByRole('button', { name: 'Expand menu' });

async function compactCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === COMPACT_COOKIE)?.value;
}

/** The logo link on screen (the drawer or the footer may hold other, hidden, copies). */
const visibleLogo = (page: Page) =>
  page.getByRole('link', { name: 'Coinfall', exact: true }).filter({ visible: true }).first();

test.describe('drawer', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the compact state survives a reload', async ({ page, context, visit, consoleErrors }) => {
    await context.clearCookies();
    await visit('/');
    await expect(collapseButton(page)).toBeVisible();
    await expect(expandButton(page)).toHaveCount(0);

    await expect(collapseButton(page)).toHaveAttribute('aria-expanded', 'true');
    await collapseButton(page).click();
    await expect(expandButton(page)).toBeVisible();
    await expect(expandButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => compactCookie(context)).toBe('1');

    await page.reload();
    // Server-rendered in the remembered state: no flash of the wide drawer.
    await expect(expandButton(page)).toBeVisible();
    await expect(collapseButton(page)).toHaveCount(0);

    await expandButton(page).click();
    await expect(collapseButton(page)).toBeVisible();
    await expect.poll(() => compactCookie(context)).not.toBe('1');

    await page.reload();
    await expect(collapseButton(page)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the server renders the remembered state', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: COMPACT_COOKIE, value: '1', url: baseURL! }]);
    // JavaScript off: what shows is what the server rendered.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(expandButton(page)).toBeAttached();
    await expect(collapseButton(page)).toHaveCount(0);
  });

  test('the compact state is remembered across pages and locales', async ({
    page,
    context,
    baseURL,
    visit,
  }) => {
    await context.addCookies([{ name: COMPACT_COOKIE, value: '1', url: baseURL! }]);
    await visit('/es/vip');
    await expect(page.getByRole('button', { name: 'Expandir menú' })).toBeVisible();
  });
});

test.describe('logo', () => {
  const cases = [
    { width: 1280, variant: 'full' },
    { width: 528, variant: 'full' }, // exactly 33rem
    { width: 527, variant: 'short' },
    { width: 400, variant: 'short' },
  ] as const;

  for (const { width, variant } of cases) {
    test(`shows the ${variant} variant at ${width} px`, async ({ page, visit }) => {
      await page.setViewportSize({ width, height: 800 });
      await visit('/');
      const logo = visibleLogo(page);
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('href', '/');
      const other = variant === 'full' ? 'short' : 'full';
      await expect(logo.locator(`[data-logo="${variant}"]`)).toBeVisible();
      await expect(logo.locator(`[data-logo="${other}"]`)).toBeHidden();
    });
  }
});
