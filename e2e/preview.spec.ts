import { readFileSync } from 'node:fs';
import { CONTENT_PREVIEW_TOKEN, expect, settle, test } from './fixtures';

const contentFile = (edition: 'published' | 'drafts') =>
  JSON.parse(
    readFileSync(
      new URL(`../apps/server/content/${edition}/en/pages.json`, import.meta.url),
      'utf8',
    ),
  ) as {
    home: { title: string };
  };
const PUBLISHED = contentFile('published').home.title;
const DRAFT = contentFile('drafts').home.title;
const heading = (title: string) => ({ name: title, level: 1 as const });

test.describe('content preview', () => {
  test('a valid token in the query shows drafts, and the session keeps them on the next page', async ({
    page,
    context,
  }) => {
    expect(DRAFT).not.toBe(PUBLISHED);
    await page.goto(`/?preview=${CONTENT_PREVIEW_TOKEN}`);
    await expect(page.getByRole('heading', heading(DRAFT))).toBeVisible();

    await page.goto('/vip');
    await page.goto('/');
    await expect(page.getByRole('heading', heading(DRAFT))).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'content_preview')).toBe(true);
  });

  test('session storage restores the preview when the cookie is gone', async ({
    page,
    context,
  }) => {
    await page.goto(`/?preview=${CONTENT_PREVIEW_TOKEN}`);
    await expect(page.getByRole('heading', heading(DRAFT))).toBeVisible();
    await settle(page);
    await context.clearCookies();

    await page.goto('/');
    // The site restores the preview from session storage after hydration, with a navigation of
    // its own: a loaded machine takes longer than the default wait for that second render.
    await expect(page.getByRole('heading', heading(DRAFT))).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/[?&]preview=/);
  });

  test('a wrong token shows the published content', async ({ page }) => {
    await page.goto('/?preview=not-the-right-token-at-all');
    await expect(page.getByRole('heading', heading(PUBLISHED))).toBeVisible();
  });
});
