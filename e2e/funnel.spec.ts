import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { staffApiHeaders } from './admin-helpers';
import { expect, test } from './fixtures';

/**
 * The semi-closed funnel (spec §3–§4, decision 063). The suite's contexts start open (group A,
 * playwright.config.ts); the published content's campaign rule `closed-demo` makes a visit
 * semi-closed whatever its group.
 */

const CLOSED_LANDING = '/?utm_campaign=closed-demo';
const LEGAL = ['Terms of Service', 'Privacy Policy', 'Sweepstakes Rules', 'Responsible gaming'];
const HIDDEN_FOOTER = [
  'About us',
  'Fairness',
  'Help center',
  'Getting started',
  'Coins and prizes',
];
const HIDDEN_DRAWER = ['Fairness', 'Quests', 'Loyalty', 'VIP club', 'Help center'];

const footer = (page: Page) => page.getByRole('contentinfo');
const drawer = (page: Page) => page.locator('#site-drawer');
const cookie = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((c) => c.name === name)?.value;

test.describe('semi-closed funnel', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a campaign’s guest keeps the road to sign-up: fewer exits, legal pages, tiles open sign-up', async ({
    page,
    context,
    visit,
    consoleErrors,
  }) => {
    await visit(CLOSED_LANDING);
    expect(await cookie(context, 'funnel_type')).toBe('semi-closed');
    // The group drawn before stays: the campaign decides the funnel, not the group.
    expect(await cookie(context, 'ab_group')).toBe('A');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('funnel_type')))
      .toBe('semi-closed');

    for (const name of LEGAL) {
      await expect(footer(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of HIDDEN_FOOTER) {
      await expect(footer(page).getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    for (const name of HIDDEN_DRAWER) {
      await expect(drawer(page).getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expect(drawer(page).getByRole('link', { name: 'All games', exact: true })).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: 'Contact us', exact: true })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Games', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Fairness', exact: true })).toHaveCount(0);

    // A home tile (server-made markup, a plain link): the game's page answers with sign-up.
    await page.locator('[data-game] a').first().click();
    await expect(page).toHaveURL(/\/games\/[^/?]+\?.*modal=sign-up/);
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();

    // A lobby tile goes straight to the game's page with the sign-up form over it.
    await visit('/games');
    await page
      .getByRole('region', { name: 'All games' })
      .getByRole('link', { name: /^Play Dice by/ })
      .click();
    await expect(page).toHaveURL(/\/games\/dice\?.*modal=sign-up/);
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    // The campaign rides along on every URL of the visit (spec §9), so the funnel stays.
    await expect(page).toHaveURL(/utm_campaign=closed-demo/);
    expect(consoleErrors).toEqual([]);
  });

  test('a plain visit sees the open site', async ({ page, context, visit, consoleErrors }) => {
    await visit('/');
    expect(await cookie(context, 'funnel_type')).toBe('open');
    for (const name of [...LEGAL, 'About us', 'Help center']) {
      await expect(footer(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(drawer(page).getByRole('link', { name: 'Quests', exact: true })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Fairness', exact: true }),
    ).toBeVisible();

    await visit('/games');
    await page
      .getByRole('region', { name: 'All games' })
      .getByRole('link', { name: /^Play Dice by/ })
      .click();
    await expect(page).toHaveURL(/\/games\/dice\?.*modal=sign-in/);
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('registered from the funnel, the player sees the whole site and the funnel is on record', async ({
    page,
    request,
    visit,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await visit(`/games/dice${CLOSED_LANDING.slice(1)}`);
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email', { exact: true }).fill(`funnel-${randomUUID()}@example.com`);
    await dialog.getByLabel('Password').fill('funnel-secret-1');
    await dialog.getByLabel(/accept the Terms and Conditions/).check();
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/player/register') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    const registered = await answer;
    expect(registered.status()).toBe(200);
    const { profile } = (await registered.json()) as { profile: { id: string } };
    const welcome = page.getByRole('dialog', { name: 'Welcome to Coinfall!' });
    await expect(welcome).toBeVisible({ timeout: 20_000 });
    await welcome.getByRole('button', { name: 'OK' }).click();

    // Logged in, nothing is hidden any more.
    await visit('/');
    await expect(
      footer(page).getByRole('link', { name: 'Help center', exact: true }),
    ).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: 'Quests', exact: true })).toBeVisible();

    const staff = await staffApiHeaders(request, 'marketing');
    const attribution = await request.get(
      `/api/admin/analytics/players/${profile.id}/attribution`,
      { headers: staff },
    );
    expect(attribution.status()).toBe(200);
    expect(await attribution.json()).toMatchObject({
      abGroup: 'A',
      funnelType: 'semi-closed',
      utm: { utm_campaign: 'closed-demo' },
    });
    expect(consoleErrors).toEqual([]);
  });
});
