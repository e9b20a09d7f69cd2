import { WELCOME_COINS } from '@coinfall/shared';
import { balanceLabel, expect, registerAndLogin, test } from './fixtures';
import { completeProfile, NO_RELOAD_MARKER, payWithNewCard } from './payment-helpers';

const readMarker = (marker: string) => (window as unknown as Record<string, unknown>)[marker];
const THREE_DS_FRAME = 'iframe[title="Your bank’s payment confirmation"]';

test.describe('canceling a purchase left unfinished', () => {
  test('a player leaves 3-D Secure, cancels the purchase from the history and sees it canceled without a reload', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    await completeProfile(request, accessToken);
    await visit('/payments');
    await page.getByRole('button', { name: 'Buy coins' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAttribute('data-modal-key', 'bundles');
    await dialog.getByTestId('bundle-card').first().getByRole('button', { name: /^Buy / }).click();
    await expect(dialog).toHaveAttribute('data-modal-key', 'purchase');
    await payWithNewCard(dialog, '4242424242424242');
    // The bank's page opens; the player walks away from it.
    await expect(
      page.frameLocator(THREE_DS_FRAME).getByRole('button', { name: 'Approve' }),
    ).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await visit('/profile/history');
    await page.evaluate(
      (marker) => ((window as unknown as Record<string, boolean>)[marker] = true),
      NO_RELOAD_MARKER,
    );
    const list = page.getByRole('region', { name: 'Transactions' });
    const invoice = list.getByTestId('history-invoice');
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toHaveAttribute('data-status', 'pending');
    await invoice.getByRole('button', { name: 'Cancel payment' }).click();

    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Cancel this payment?');
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect(invoice).toHaveAttribute('data-label', 'canceled');
    await expect(invoice).toContainText('Canceled');
    await expect(invoice.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
    await expect(list.getByText(/was canceled\. No money was taken\./)).toBeVisible();
    await list.getByRole('tab', { name: 'Purchases' }).click();
    const purchase = list.getByTestId('history-purchase');
    await expect(purchase).toContainText('Failed');
    await expect(purchase.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByTestId('currency-nav')).toHaveAccessibleName(
      balanceLabel(WELCOME_COINS.GC, 'GC'),
    );
    expect(await page.evaluate(readMarker, NO_RELOAD_MARKER)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
