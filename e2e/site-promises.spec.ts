import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test } from './fixtures';
import { completeProfile } from './payment-helpers';

/**
 * Issue 20, what a new player meets outside the games: the store one tap from the balance, the
 * withdraw entry, the sign-up consent and password, and pages that fit a 390 px phone.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Every page of the route table, with real values for its parameters. */
const PAGES = [
  '/',
  '/contact',
  '/fairness',
  '/games',
  '/games/dice',
  '/headers',
  '/loyalty',
  '/quests/list',
  '/quests/achievements',
  '/sport',
  '/vip',
  '/static/terms',
  '/questions',
  '/questions/getting-started',
  '/favorites',
  '/recently-played',
  '/payments',
  '/payments/fail',
  '/payments/processing',
  '/payments/success',
  '/promotions',
  '/promotions/welcome-bonus',
  '/profile/info',
  '/profile/wallet',
  '/profile/bonuses',
  '/profile/history',
  '/profile/limits',
  '/profile/security',
  '/403',
  '/404',
  '/500',
  '/blocked',
  '/excluded',
];

/**
 * The route paths of apps/web/app/routes.ts, so a page added there without a row above fails
 * here: each must match one of PAGES (a `:param` matches any segment).
 */
function routePaths(): string[] {
  const file = fileURLToPath(new URL('../apps/web/app/routes.ts', import.meta.url));
  const source = readFileSync(file, 'utf8');
  return (
    [...source.matchAll(/route\(\s*'([^']+)',\s*'([^']+)'/g)]
      // The back office (app/admin) is the staff's desktop app, not the player site (decision 038).
      .filter((m) => !(m[2] ?? '').startsWith('admin/'))
      .map((m) => m[1] ?? '')
      .filter((path) => path !== '*' && path !== ':locale' && !path.startsWith('auth/social'))
      // The game client runs in the game page's iframe; its own layout is the game side's.
      .filter((path) => !path.startsWith('play/'))
  );
}

/** How far the page scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('phone layouts', () => {
  test.use({ viewport: PHONE });

  test('the list above covers every route of the route table', () => {
    const uncovered = routePaths().filter((path) => {
      const pattern = new RegExp(`/${path.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
      return !PAGES.some((page) => pattern.test(page) || page.startsWith(`/${path}/`));
    });
    expect(uncovered).toEqual([]);
  });

  test('no page scrolls sideways at 390 px', async ({ page, context, request, visit }) => {
    test.setTimeout(120_000);
    await registerAndLogin(context, request);
    const overflowing: string[] = [];
    for (const path of PAGES) {
      await visit(path);
      const extra = await sidewaysOverflow(page);
      if (extra > 0) overflowing.push(`${path} (+${extra} px)`);
    }
    expect(overflowing).toEqual([]);
  });

  test('the wallet shows its actions and the profile tabs say there are more', async ({
    page,
    context,
    request,
    visit,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    const opened = await request.post('/api/wallet/accounts', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { currency: 'USD' },
    });
    expect(opened.status()).toBe(200);
    await visit('/profile/wallet');
    const usd = page.getByTestId('wallet-account-row').filter({ hasText: 'USD' });
    for (const name of ['Withdraw from the USD account', 'Make USD the active account']) {
      await expect(usd.getByRole('button', { name })).toBeInViewport();
    }
    // The tab bar is wider than the screen: the hint shows, and goes once scrolled to the end.
    await expect(page.getByTestId('tab-nav-more')).toBeVisible();
    await page.getByTestId('tab-nav').evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
    await expect(page.getByTestId('tab-nav-more')).toHaveCount(0);
  });
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a new player finds "Get coins" beside the balance and reaches the bundles', async ({
      page,
      context,
      request,
      visit,
      consoleErrors,
    }) => {
      const { accessToken } = await registerAndLogin(context, request);
      await completeProfile(request, accessToken);
      await visit('/games');
      const getCoins = page.getByRole('banner').getByRole('link', { name: 'Get coins' });
      await expect(getCoins).toBeInViewport();
      await getCoins.click();
      const dialog = page.getByRole('dialog', { name: 'Coin bundles' });
      // The modal's code loads on first open (and the profile gate reads the profile first).
      await expect(dialog).toHaveAttribute('data-modal-key', 'bundles', { timeout: 15_000 });
      await expect(dialog.getByTestId('bundle-card').first()).toBeVisible();
      // The store opened over the page the player was on.
      const url = new URL(page.url());
      expect([url.pathname, url.searchParams.get('modal')]).toEqual(['/games', 'bundles']);
      expect(consoleErrors).toEqual([]);
    });

    test('withdraw opens from the wallet page and from the balance menu', async ({
      page,
      context,
      request,
      visit,
    }) => {
      const { accessToken } = await registerAndLogin(context, request);
      const opened = await request.post('/api/wallet/accounts', {
        headers: { authorization: `Bearer ${accessToken}` },
        data: { currency: 'BTC' },
      });
      expect(opened.status()).toBe(200);
      await visit('/profile/wallet');
      const rows = page.getByTestId('wallet-account-row');
      // Coins are never withdrawn: only the money account offers it.
      await expect(
        rows.filter({ hasText: 'GC' }).getByRole('button', { name: /^Withdraw/ }),
      ).toHaveCount(0);
      await rows
        .filter({ hasText: 'BTC' })
        .getByRole('button', { name: 'Withdraw from the BTC account' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog).toHaveCount(0);

      await page.getByRole('banner').getByTestId('currency-nav').click();
      const menu = page.getByRole('dialog', { name: 'Balance and accounts' });
      await expect(menu.getByRole('link', { name: 'Get coins' })).toBeVisible();
      await menu.getByRole('button', { name: 'Withdraw' }).click();
      await expect(page.getByRole('dialog', { name: 'Withdraw' })).toBeVisible();
    });

    test('the profile form marks what is missing, starts from the country and fills city and state', async ({
      page,
      context,
      request,
      visit,
    }) => {
      await registerAndLogin(context, request);
      await visit('/profile/info');
      const form = page.getByRole('region', { name: 'Your details' });
      await expect(form.getByTestId('profile-completeness')).toHaveText(
        /Fill in the marked fields/,
      );
      // Marked at once: invalid to assistive tech, and visibly so.
      for (const label of ['First name', 'Last name', 'Phone number', 'ZIP code']) {
        await expect(form.getByLabel(label, { exact: true })).toHaveAttribute(
          'aria-invalid',
          'true',
        );
      }
      await expect(form.getByText('Value is required').first()).toBeVisible();
      // The browser says en-US: the country starts as the United States, above the ZIP.
      const country = form.getByLabel('Country');
      await expect(country).toHaveValue('US');
      const order = await form
        .locator('input, select')
        .evaluateAll((els) => els.map((el) => el.getAttribute('name')));
      expect(order.indexOf('country')).toBeLessThan(order.indexOf('postalCode'));
      expect(order.indexOf('postalCode')).toBeLessThan(order.indexOf('city'));

      await form.getByLabel('ZIP code').fill('10001');
      await form.getByLabel('ZIP code').blur();
      await expect(form.getByLabel('City')).toHaveValue('New York');
      await expect(form.getByLabel('State')).toHaveValue('NY');
      await expect(form.getByLabel('ZIP code')).not.toHaveAttribute('aria-invalid', 'true');

      // A US ZIP with another country: the server refuses it on the ZIP field.
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
      await form.getByLabel('Date of birth').fill('1990-05-01');
      await form.getByLabel('Phone number').fill('+1 212 555 0100');
      await form.getByLabel('Address').fill('350 Fifth Avenue');
      await country.selectOption('AF');
      await form.getByRole('button', { name: 'Save profile' }).click();
      await expect(form.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByTestId('profile-completeness')).toHaveText(/not complete yet/);
    });

    test('sign-up links the Terms and Privacy and can show the password', async ({
      page,
      visit,
    }) => {
      await visit('/?modal=sign-up');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
        'href',
        '/static/terms',
      );
      await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/static/privacy',
      );
      const password = dialog.getByLabel('Password', { exact: true });
      await password.fill('a-secret-1');
      await expect(password).toHaveAttribute('type', 'password');
      await dialog.getByRole('button', { name: 'Show password' }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await expect(password).toHaveValue('a-secret-1');
    });
  });
}

test('the purchase modal opened by its URL hydrates without an error', async ({
  page,
  context,
  request,
  visit,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const bundles = await request.get('/api/shop/bundles?active=1');
  const first = ((await bundles.json()) as { data: { id: number }[] }).data[0]?.id ?? 1;
  // A guest: the gate asks to sign in first.
  await visit(`/payments?modal=purchase&source=${first}`);
  await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'sign-in', {
    timeout: 15_000,
  });
  const { accessToken } = await registerAndLogin(context, request);
  // Signed in, profile not complete: the profile modal instead.
  await visit(`/?modal=purchase&source=${first}`);
  await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'profile', {
    timeout: 15_000,
  });
  await completeProfile(request, accessToken);
  for (const path of ['/', '/payments', '/games']) {
    await visit(`${path}?modal=purchase&source=${first}`);
    await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'purchase', {
      timeout: 15_000,
    });
  }
  expect(consoleErrors).toEqual([]);
});
