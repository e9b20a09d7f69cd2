import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test } from './fixtures';
import { addCard, completeProfile, NO_RELOAD_MARKER } from './payment-helpers';

test.describe('deposits', () => {
  test('a crypto deposit shows its address and settles after the confirmations', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    await completeProfile(request, accessToken);
    await visit('/payments');
    await markNoReload(page);

    const dialog = await openDeposit(page, 'BTC (crypto)');
    await expect(dialog.getByRole('radio', { name: 'BTC (crypto)' })).toBeChecked();
    await dialog.getByLabel('Amount (mBTC)').fill('1.5');
    await dialog.getByRole('button', { name: 'Deposit' }).click();

    const crypto = dialog.getByTestId('crypto-deposit');
    await expect(crypto).toBeVisible();
    const address = (await crypto.getByTestId('crypto-address').innerText()).trim();
    expect(address.length).toBeGreaterThan(10);
    await expect(crypto.getByRole('button', { name: 'Copy address' })).toBeVisible();
    const progress = crypto.getByRole('progressbar');
    const required = Number(await progress.getAttribute('max'));
    expect(required).toBeGreaterThan(0);
    await expect(crypto.getByRole('status').first()).toHaveText('Waiting for your transfer…');

    // The sandbox plays the blockchain: the transfer, then one block at a time.
    const sandbox = (path: string) =>
      request.post(`/sandbox-cashier/crypto/${encodeURIComponent(address)}/${path}`);
    expect((await sandbox('transfer')).status()).toBe(200);
    for (let done = 1; done <= required; done += 1) {
      expect((await sandbox('confirm')).status()).toBe(200);
      if (done < required)
        await expect(crypto.getByRole('status').first()).toHaveText(
          `Confirmations: ${done} of ${required}`,
          { timeout: 10_000 },
        );
    }

    await expect(dialog.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(dialog.getByTestId('payment-success')).toContainText('1.50 mBTC');
    // The outcome alert carries the sum.
    await expect(page.locator('[data-alert-key="depositSuccess"]')).toContainText('1.50 mBTC');
    expect(await page.evaluate(readMarker, NO_RELOAD_MARKER)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('a card deposit passes 3-D Secure in the frame and settles with the outcome alert', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    await completeProfile(request, accessToken);
    await visit('/payments');
    await markNoReload(page);

    const dialog = await openDeposit(page, 'USD by card');
    await expect(dialog.getByRole('radio', { name: 'USD by card' })).toBeChecked();
    // The card form replaces the deposit modal while it is open, then uncovers it.
    await addCard(page.getByRole('dialog'), '4242424242424242');
    await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'deposit');
    await expect(dialog.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    await dialog.getByLabel('Amount (USD)').fill('25');
    await dialog.getByRole('button', { name: 'Deposit' }).click();

    await page.frameLocator(THREE_DS_FRAME).getByRole('button', { name: 'Approve' }).click();
    await expect(dialog.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(dialog.getByTestId('payment-success')).toContainText('$25.00');
    await expect(page.locator('[data-alert-key="depositSuccess"]')).toContainText('$25.00');
    expect(await page.evaluate(readMarker, NO_RELOAD_MARKER)).toBe(true);

    // The return page of the non-framed flow reads the invoice itself, whatever its path says.
    const invoices = await request.get('/api/payment/invoices?type=1', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const [deposit] = ((await invoices.json()) as { data: { id: string }[] }).data;
    await visit(`/payments/fail?invoiceId=${deposit?.id}`);
    const landing = page.getByTestId('invoice-landing');
    await expect(landing.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(landing.getByRole('status')).toContainText('$25.00');
    await visit(`/payments/success?invoiceId=${crypto.randomUUID()}`);
    await expect(page.getByRole('alert')).toHaveText('This payment could not be found.');
    // The unknown invoice's 404 is the only failure the browser logs.
    expect(consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });
});

const THREE_DS_FRAME = 'iframe[title="Your bank’s payment confirmation"]';

const readMarker = (marker: string) => (window as unknown as Record<string, unknown>)[marker];

async function markNoReload(page: Page) {
  await page.evaluate(
    (marker) => ((window as unknown as Record<string, boolean>)[marker] = true),
    NO_RELOAD_MARKER,
  );
}

/** Deposit → the currency dialog → the deposit modal with that option chosen. */
async function openDeposit(page: Page, option: string) {
  await page.getByRole('button', { name: 'Deposit' }).click();
  const fiat = page.getByRole('dialog', { name: 'Deposit currency' });
  await fiat.getByRole('radio', { name: option }).check();
  await fiat.getByRole('button', { name: 'Continue' }).click();
  return page.getByRole('dialog', { name: 'Deposit', exact: true });
}
