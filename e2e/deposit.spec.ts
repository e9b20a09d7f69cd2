import { expect, registerAndLogin, test } from './fixtures';
import { completeProfile, NO_RELOAD_MARKER } from './payment-helpers';

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
    // The site follows a deposit by reading its invoice; until the list is served there is
    // nothing to follow (a purchase can fall back on its purchase, a deposit cannot).
    const invoices = await request.get('/api/payment/invoices', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    test.fixme(invoices.status() === 404, 'GET /api/payment/invoices is not on the server yet');
    await visit('/payments');
    await page.evaluate(
      (marker) => ((window as unknown as Record<string, boolean>)[marker] = true),
      NO_RELOAD_MARKER,
    );

    await page.getByRole('button', { name: 'Deposit' }).click();
    const fiat = page.getByRole('dialog', { name: 'Deposit currency' });
    await fiat.getByRole('radio', { name: 'BTC (crypto)' }).check();
    await fiat.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: 'Deposit', exact: true });
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
    await expect(dialog.getByTestId('payment-success')).toContainText('1.5 mBTC');
    // The outcome alert carries the sum.
    await expect(page.getByText(/1\.5 mBTC/).last()).toBeVisible();
    expect(
      await page.evaluate(
        (marker) => (window as unknown as Record<string, unknown>)[marker],
        NO_RELOAD_MARKER,
      ),
    ).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
