import type { Page } from '@playwright/test';
import { WELCOME_COINS } from '@coinfall/shared';
import {
  balanceLabel,
  expect,
  minorOf,
  registerAndLogin,
  registerPlayer,
  sessionCookie,
  test,
} from './fixtures';
import {
  payWithNewCard,
  completeProfile,
  firstPurchaseQuestCoins,
  NO_RELOAD_MARKER,
} from './payment-helpers';

const readMarker = (marker: string) => (window as unknown as Record<string, unknown>)[marker];

const THREE_DS_FRAME = 'iframe[title="Your bank’s payment confirmation"]';

async function openFirstBundle(page: Page) {
  await page.getByRole('button', { name: 'Buy coins' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('data-modal-key', 'bundles');
  const first = dialog.getByTestId('bundle-card').first();
  // The bundle's Gold Coins as the card shows them ("5,000 GC").
  const goldCoins = (await first.locator('p').first().innerText()).trim();
  await first.getByRole('button', { name: /^Buy / }).click();
  await expect(dialog).toHaveAttribute('data-modal-key', 'purchase');
  return { dialog, goldCoins };
}

test.describe('buying a coin bundle', () => {
  test('a player adds a card, passes 3-D Secure and sees the new balance without a reload', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    await completeProfile(request, accessToken);
    await visit('/payments');
    await page.evaluate(
      (marker) => ((window as unknown as Record<string, boolean>)[marker] = true),
      NO_RELOAD_MARKER,
    );
    const balance = page.getByRole('banner').getByTestId('currency-nav');
    await expect(balance).toHaveAccessibleName(balanceLabel(WELCOME_COINS.GC, 'GC'));

    const { dialog, goldCoins } = await openFirstBundle(page);
    // No saved card: the card form is the checkout's own step (no separate "Add a card").
    await expect(dialog.getByRole('group', { name: 'Your card' })).toBeVisible();

    // The brand shows as the number is typed; the shared Luhn rule refuses a mistyped one.
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4241');
    await expect(dialog.getByTestId('card-brand')).toHaveText('Visa card');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect(dialog.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This card number is not valid')).toBeVisible();

    await payWithNewCard(dialog, '4242424242424242');
    const bank = page.frameLocator(THREE_DS_FRAME);
    await bank.getByRole('button', { name: 'Approve' }).click();

    const done = dialog.getByRole('heading', { name: 'Payment successful' });
    await expect(done).toBeVisible({ timeout: 15_000 });
    await expect(done).toBeFocused();
    await expect(dialog.getByTestId('payment-success')).toContainText(goldCoins);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The header reads the accounts again: the new balance without a reload.
    await expect(balance).toHaveAccessibleName(
      balanceLabel(
        WELCOME_COINS.GC + minorOf(goldCoins) + (await firstPurchaseQuestCoins(request)),
        'GC',
      ),
    );
    expect(await page.evaluate(readMarker, NO_RELOAD_MARKER)).toBe(true);
    const purchases = page.getByRole('region', { name: 'Recent purchases' });
    await expect(purchases).toContainText('Completed');

    // The history shows the purchase invoice as successful, and the purchase in its own tab.
    await visit('/profile/history');
    const list = page.getByRole('region', { name: 'Transactions' });
    const invoice = list.getByTestId('history-invoice');
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toHaveAttribute('data-type', 'purchase');
    await expect(invoice).toHaveAttribute('data-status', 'success');
    await expect(invoice.getByRole('rowheader')).toHaveText('Purchase');
    await expect(invoice).toContainText('Visa •••• 4242');
    await list.getByRole('tab', { name: 'Purchases' }).click();
    await expect(page).toHaveURL(/#purchases$/);
    const purchase = list.getByTestId('history-purchase');
    await expect(purchase).toHaveCount(1);
    await expect(purchase).toContainText(goldCoins);
    await expect(purchase).toContainText('Completed');
    expect(consoleErrors).toEqual([]);
  });

  test('a declined card shows why and offers another card', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    await completeProfile(request, accessToken);
    await visit('/payments');
    const { dialog } = await openFirstBundle(page);
    await payWithNewCard(dialog, '4000 0000 0000 0002');

    const declined = dialog.getByTestId('payment-declined');
    await expect(declined).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole('heading', { name: 'Payment declined' })).toBeFocused();
    await expect(declined.getByRole('alert')).toContainText('No money was taken.');
    await declined.getByRole('button', { name: 'Try another card' }).click();
    // The declined card is not kept: the player is back at an empty card form.
    await expect(dialog.getByRole('group', { name: 'Your card' })).toBeVisible();
    await expect(dialog.getByTestId('saved-card')).toHaveCount(0);
    await expect(dialog.getByLabel('Card number')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('banner').getByTestId('currency-nav')).toHaveAccessibleName(
      balanceLabel(WELCOME_COINS.GC, 'GC'),
    );
    // A decline answered by the POST itself is a 402 the browser logs; nothing else may fail.
    expect(consoleErrors.filter((e) => !e.includes('status of 402'))).toEqual([]);
  });

  test('a payment retried after a lost answer reuses its idempotency keys and pays once', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    await completeProfile(request, accessToken);
    await visit('/payments');
    const keys: string[] = [];
    // The first invoice POST reaches the server, but its answer is lost on the way back.
    await page.route('**/api/payment/invoices/purchase', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      const response = await route.fetch();
      if (keys.length === 1) await route.fulfill({ status: 503, json: {} });
      else await route.fulfill({ response });
    });

    const { dialog, goldCoins } = await openFirstBundle(page);
    // Any other Luhn-valid card is paid at once, without 3-D Secure (decision 011).
    await payWithNewCard(dialog, '5555 5555 5555 4444');
    await expect(dialog.getByRole('alert')).toContainText('press Pay again');
    // The card is on file now and chosen: Pay again sends the same intent.
    await expect(dialog.getByRole('radio', { name: /Mastercard •••• 4444/ })).toBeChecked();
    await dialog.getByRole('button', { name: /^Pay (?!with a new card)/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 15_000,
    });

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const purchases = await request.get('/api/shop/purchases', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(((await purchases.json()) as { data: unknown[] }).data).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('banner').getByTestId('currency-nav')).toHaveAccessibleName(
      balanceLabel(
        WELCOME_COINS.GC + minorOf(goldCoins) + (await firstPurchaseQuestCoins(request)),
        'GC',
      ),
    );
    expect(consoleErrors.filter((e) => !e.includes('status of 503'))).toEqual([]);
  });

  test('a card that stays processing says so and lets the player close', async ({
    page,
    context,
    request,
    visit,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    await completeProfile(request, accessToken);
    await visit('/payments');
    const { dialog } = await openFirstBundle(page);
    await payWithNewCard(dialog, '4000 0000 0000 0259');
    await expect(dialog.getByRole('heading', { name: 'Payment processing' })).toBeFocused({
      timeout: 15_000,
    });
    await expect(dialog.getByTestId('payment-processing')).toContainText('You can close');
    await dialog.getByTestId('payment-processing').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a refused cashier session opens the error modal with code 11002 (spec §8)', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    // The sandbox refuses the cashier session of an address ending in +cashier-refused.
    const email = `e2e-${crypto.randomUUID()}+cashier-refused@example.com`;
    const { accessToken } = await registerPlayer(request, email, 'coinfall-e2e-secret');
    await sessionCookie(context, accessToken);
    await completeProfile(request, accessToken);
    await visit('/payments');
    await page.getByRole('button', { name: 'Buy coins' }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'bundles');
    // The purchase modal asks for the payment methods at once: the refusal may replace it
    // before a test could see it, so only the error modal is awaited.
    await page
      .getByRole('dialog')
      .getByTestId('bundle-card')
      .first()
      .getByRole('button', { name: /^Buy / })
      .click();
    const error = page.getByRole('dialog');
    await expect(error).toHaveAttribute('data-modal-key', 'error');
    await expect(error.getByTestId('error-code')).toContainText('11002');
    // Still logged in: the refusal is about the provider, not the session.
    await expect(page).toHaveURL(/\/payments\?/);
    expect(consoleErrors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  });
});
