import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test } from './fixtures';

/** The seeded instant code (apps/server/src/db/seed/bonus.ts): 5,000 GC + 1 SC, 1× play-through. */
const HOLIDAY_CODE = 'HOLIDAY2026';
const HOLIDAY_NAME = 'Holiday 2026 bonus';
/** Its Gold Coin line; the Sweeps Coin line is a second bonus of the same name. */
const HOLIDAY_GC = `${HOLIDAY_NAME} (5,000 GC)`;
const holidayGc = (page: Page) =>
  page.getByTestId('player-bonus').filter({ hasText: 'Bonus: 5,000 GC' });

const balanceOf = (page: Page) => page.getByRole('banner').getByTestId('currency-nav');

async function applyCode(page: Page, code: string) {
  const form = page.getByTestId('bonus-code-form');
  await form.getByLabel('Bonus code').fill(code);
  await form.getByRole('button', { name: 'Apply code' }).click();
  return form.getByTestId('bonus-code-message');
}

test.describe('bonuses', () => {
  test('a new player signs up and sees the welcome coins in the header without buying', async ({
    page,
    visit,
    consoleErrors,
  }) => {
    await visit('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp
      .getByLabel('Email', { exact: true })
      .fill(`e2e-${crypto.randomUUID()}@example.com`);
    await signUp.getByLabel('Password').fill('coinfall-e2e-secret');
    await signUp.getByLabel(/accept the Terms and Conditions/).check();
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();

    // Spec §4: a new player who agreed to the terms sees verify-bonus, with the coins received.
    const welcome = page.getByRole('dialog', { name: 'Welcome to Coinfall!' });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByTestId('welcome-coins')).toContainText('10,000 GC');
    await expect(welcome.getByLabel('Bonus code (optional)')).toBeVisible();
    await welcome.getByRole('button', { name: 'OK' }).click();
    await expect(welcome).toHaveCount(0);
    await expect(balanceOf(page)).toHaveAccessibleName('Balance: 10,000 GC');
    expect(consoleErrors).toEqual([]);
  });

  test('a code from a link is kept through sign-up and offered after the welcome coins', async ({
    page,
    visit,
  }) => {
    await visit(`/?modal=receive-bonus&bonusCode=${HOLIDAY_CODE}`);
    const receive = page.getByRole('dialog', { name: 'A bonus code for you' });
    await expect(receive).toHaveAccessibleDescription(new RegExp(HOLIDAY_CODE));
    await receive.getByRole('button', { name: 'Sign up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp
      .getByLabel('Email', { exact: true })
      .fill(`e2e-${crypto.randomUUID()}@example.com`);
    await signUp.getByLabel('Password').fill('coinfall-e2e-secret');
    await signUp.getByLabel(/accept the Terms and Conditions/).check();
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();

    // Spec §4: verify-bonus first; then the deferred code, kept in local storage, comes back.
    const welcome = page.getByRole('dialog', { name: 'Welcome to Coinfall!' });
    await expect(welcome.getByLabel('Bonus code (optional)')).toHaveValue('');
    await welcome.getByRole('button', { name: 'OK' }).click();
    const offered = page.getByRole('dialog', { name: 'A bonus code for you' });
    await expect(offered.getByLabel('Bonus code')).toHaveValue(HOLIDAY_CODE);
    await offered.getByRole('button', { name: 'Apply code' }).click();
    await expect(offered.getByTestId('bonus-code-message')).toHaveText(/applied/);
    expect(await page.evaluate(() => localStorage.getItem('deferredBonusCode'))).toBeNull();
  });

  test('a code entered on /profile/bonuses shows its bonus; a mistyped one is refused', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/profile/bonuses');
    await expect(page.getByTestId('bonuses-empty')).toHaveText('You have no active bonus.');

    // Codes are case-sensitive: spec §4 status 3 (incorrect) is named under the field.
    const refused = await applyCode(page, HOLIDAY_CODE.toLowerCase());
    await expect(refused).toHaveText(/does not exist/);
    await expect(page.getByTestId('bonus-code-form').getByLabel('Bonus code')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    const applied = await applyCode(page, HOLIDAY_CODE);
    await expect(applied).toHaveText(
      `Code ${HOLIDAY_CODE} applied. Your reward is in your bonuses.`,
    );
    await expect(page.getByTestId('player-bonus').filter({ hasText: HOLIDAY_NAME })).toHaveCount(2);
    const bonus = holidayGc(page);
    await expect(bonus).toContainText('Bonus balance: 5,000 GC');
    const progress = bonus.getByRole('progressbar', { name: `Play-through of ${HOLIDAY_GC}` });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await expect(progress).toHaveAttribute('aria-valuetext', /0 GC of 5,000 GC played through/);

    // The same code twice: status 4 (not available), with the server's reason.
    const again = await applyCode(page, HOLIDAY_CODE);
    await expect(again).toHaveText(/This code cannot be used/);
  });

  test('free spins from a code are activated, then lead to their slot', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/profile/bonuses');
    await expect(page.getByTestId('free-spins-empty')).toBeVisible();
    await expect(await applyCode(page, 'FROSTY10')).toHaveText(/applied/);
    const spins = page.getByTestId('free-spins');
    await expect(spins).toHaveCount(1);
    await expect(spins).toContainText('Frosty Fortunes');
    await expect(spins).toContainText('10 of 10 spins left');
    await spins
      .getByRole('button', { name: 'Activate your free spins in Frosty Fortunes' })
      .click();
    const play = spins.getByRole('link', { name: 'Play your free spins in Frosty Fortunes' });
    await expect(play).toHaveAttribute('href', '/games/frosty-fortunes');
  });

  test('a bonus is canceled after a confirmation that says what is lost', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/profile/bonuses');
    await expect(await applyCode(page, HOLIDAY_CODE)).toHaveText(/applied/);
    await holidayGc(page)
      .getByRole('button', { name: `Cancel ${HOLIDAY_GC}` })
      .click();

    const confirm = page.getByRole('dialog', { name: 'Cancel this bonus?' });
    await expect(confirm).toHaveAccessibleDescription(
      /You will lose the bonus balance of Holiday 2026 bonus \(5,000 GC\)/,
    );
    await confirm.getByRole('button', { name: 'Yes, cancel the bonus' }).click();
    // The page's own line; the bonusCanceled toast (pushed) may say so at the same time.
    await expect(
      page.getByRole('tabpanel').getByRole('status').filter({ hasText: 'was canceled' }),
    ).toBeVisible();
    // The Sweeps Coin line stays active; the Gold Coin one moves to History.
    await expect(holidayGc(page)).toHaveCount(0);
    await expect(page.getByTestId('player-bonus')).toHaveCount(1);

    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page).toHaveURL(/#history$/);
    const finished = holidayGc(page);
    await expect(finished).toContainText('Canceled');
    await expect(finished.getByRole('button')).toHaveCount(0);
  });

  test('the daily bonus is claimed once, then counts down to the next claim', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/promotions');
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const daily = page.getByTestId('daily-bonus');
    await expect(daily).toHaveAttribute('data-claimable', 'true');
    await daily.getByRole('button', { name: /^Claim / }).click();
    await expect(daily.getByRole('status')).toHaveText('Claimed! Come back tomorrow for more.');
    await expect(daily.getByTestId('daily-bonus-countdown')).toHaveText(
      /^Next claim in 2[34] h \d+ min$/,
    );
    await expect(daily).toContainText('Streak: day 1');
    await expect(daily.getByRole('button', { name: /^Claim / })).toHaveCount(0);

    // The account menu shows the same countdown.
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Account menu' });
    await expect(menu.getByTestId('daily-bonus-countdown')).toHaveText(/^Next claim in /);
  });

  test('a promotion page shows its code and terms; an unknown one is a 404', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/promotions/holiday-2026');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Holiday code');
    await expect(page.getByTestId('promotion-code')).toHaveText(HOLIDAY_CODE);
    await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
    const response = await visit('/promotions/no-such-promotion');
    expect(response?.status()).toBe(404);
  });
});
