import { WELCOME_COINS } from '@coinfall/shared';
import { balanceLabel, expect, operatorHeaders, registerAndLogin, test } from './fixtures';
import {
  completeProfile,
  creditRedeemable,
  redeemByApi,
  verifyFully,
  verifySteps,
} from './redeem-helpers';

test.describe('redeem', () => {
  test('refused with a checklist until fully verified, then the balance and the form', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const player = await registerAndLogin(context, request);

    // Not verified: the checklist names each step in words and leads to the verification page.
    await visit('/profile/wallet');
    await page
      .getByRole('region', { name: 'Redeemable Sweeps Coins' })
      .getByRole('button', { name: 'Redeem' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Sweeps Coins' });
    await expect(dialog).toHaveAttribute('data-modal-key', 'redeem');
    // A new player's profile is incomplete: the profile modal comes first.
    await expect(dialog).toContainText('Complete your profile before you redeem.');

    await verifyFully(request, player.email, player.accessToken);

    // The payout is refused by the server too while unverified (checked above); now verified.
    await visit('/profile/wallet');
    await page
      .getByRole('region', { name: 'Redeemable Sweeps Coins' })
      .getByRole('button', { name: 'Redeem' })
      .click();
    const verified = page.getByRole('dialog', { name: 'Redeem Sweeps Coins' });
    await expect(verified.getByTestId('sc-redeemable')).toContainText('0.00 SC');
    await verified.getByLabel('Amount to redeem (SC)').fill('100');
    await verified.getByLabel('Amount to redeem (SC)').blur();
    await expect(verified.getByText('You can redeem at most 0.00 SC now.')).toBeVisible();
    await expect(verified.getByLabel('Payout method')).toHaveValue('bank');
    expect(consoleErrors).toEqual([]);
  });

  test('an unverified player with a complete profile sees what is missing', async ({
    page,
    context,
    request,
    visit,
  }) => {
    const player = await registerAndLogin(context, request);
    await completeProfile(request, player.accessToken);

    // The server refuses a payout and names the missing steps.
    const refused = await redeemByApi(request, player.accessToken, 10_000);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('VERIFICATION_REQUIRED');

    await visit('/profile/wallet');
    await page
      .getByRole('region', { name: 'Redeemable Sweeps Coins' })
      .getByRole('button', { name: 'Redeem' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Sweeps Coins' });
    const checklist = dialog.getByTestId('verification-checklist');
    await expect(checklist).toContainText('Identity check (KYC): not done yet');
    await expect(checklist).toContainText('Email address confirmed: not done yet');
    await expect(checklist).toContainText('Phone number confirmed: not done yet');
    await checklist.getByRole('link', { name: 'Go to verification' }).click();
    // The shell adds is_auth to every navigation (spec §2).
    await expect(page).toHaveURL(/\/profile\/info(\?is_auth=true)?#verification$/);
  });

  test('the payments page opens the withdrawal: a checklist until verified, then the form', async ({
    page,
    context,
    request,
    visit,
  }) => {
    const player = await registerAndLogin(context, request);
    await visit('/payments');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw' });
    await expect(dialog.getByTestId('verification-checklist')).toContainText(
      'Identity check (KYC): not done yet',
    );
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();

    await verifyFully(request, player.email, player.accessToken);
    await page.reload();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // Verified: the form, which names the only accounts a withdrawal is paid from (fiat, crypto).
    await expect(dialog.getByTestId('verification-checklist')).toHaveCount(0);
    await expect(
      dialog.getByText('You have no money account with a balance to withdraw.'),
    ).toBeVisible();
  });

  test('a redemption refused until verified, then accepted and held', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const player = await registerAndLogin(context, request);
    const phone = await completeProfile(request, player.accessToken);
    await creditRedeemable(request, player.accessToken, 250);

    // Refused: the checklist names every missing step, and so does the server.
    await visit('/profile/wallet');
    // An open dialog hides the page (the header too) from the accessibility tree: read the label.
    const balance = page.getByRole('banner', { includeHidden: true }).getByTestId('currency-nav');
    await expect(balance).toHaveAttribute(
      'aria-label',
      balanceLabel(WELCOME_COINS.SC + 25_000, 'SC'),
    );
    const tracker = page.getByRole('region', { name: 'Redeemable Sweeps Coins' });
    await tracker.getByRole('button', { name: 'Redeem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Sweeps Coins' });
    const checklist = dialog.getByTestId('verification-checklist');
    await expect(checklist).toContainText('Identity check (KYC): not done yet');
    await expect(checklist).toContainText('Email address confirmed: not done yet');
    await expect(checklist).toContainText('Phone number confirmed: not done yet');
    const refused = await redeemByApi(request, player.accessToken, 10_000);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'VERIFICATION_REQUIRED',
      details: { missing: expect.arrayContaining(['kyc', 'email', 'phone']) as unknown },
    });

    await verifySteps(request, player.email, player.accessToken, phone);

    // Accepted: 100 SC by bank, held pending review; the header balance drops at once.
    await visit('/profile/wallet');
    await tracker.getByRole('button', { name: 'Redeem' }).click();
    await expect(dialog.getByTestId('sc-redeemable')).toContainText('250.00 SC');
    await dialog.getByLabel('Amount to redeem (SC)').fill('100');
    await expect(dialog.getByLabel('Payout method')).toHaveValue('bank');
    await dialog.getByRole('button', { name: /^Redeem 100(\.00)? SC$/ }).click();
    const held = dialog.getByTestId('redeem-held');
    await expect(held).toContainText('pending review');
    await expect(balance).toHaveAttribute(
      'aria-label',
      balanceLabel(WELCOME_COINS.SC + 15_000, 'SC'),
    );

    // History shows it pending; cancelling it (confirmed) releases the coins.
    await held.getByRole('link', { name: 'View history' }).click();
    await expect(page).toHaveURL(/\/profile\/history/);
    const row = page.getByTestId('history-invoice').filter({ hasText: 'Redemption' });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(row).toContainText('Pending review');
    await row.getByRole('button', { name: 'Cancel redemption' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this payout?' });
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(
      page.getByText(/The payout was cancelled and 100(\.00)? SC released\./),
    ).toBeVisible();
    await expect(row).toHaveAttribute('data-status', 'rejected');
    await expect(row).toContainText('Rejected');
    await expect(balance).toHaveAttribute(
      'aria-label',
      balanceLabel(WELCOME_COINS.SC + 25_000, 'SC'),
    );

    // A second redemption, rejected by the operator while the history shows it pending.
    const second = await redeemByApi(request, player.accessToken, 10_000);
    expect(second.status(), await second.text()).toBe(200);
    const { id } = (await second.json()) as { id: string };
    await visit('/profile/history');
    const invoices = page.getByTestId('history-invoice');
    await expect(invoices.and(page.locator('[data-status="pending"]'))).toHaveCount(1);
    const settled = await request.post(`/api/dev/payouts/${id}/settle`, {
      headers: operatorHeaders(),
      data: { outcome: 'rejected', reason: 'e2e_rejected' },
    });
    expect(settled.ok(), await settled.text()).toBe(true);
    // The page polls open payouts; the rejection raises the withdraw error alert, once.
    const alert = page.locator('[data-alert-key="withdrawError"]');
    await expect(alert).toHaveCount(1, { timeout: 25_000 });
    // The held coins came back, and the header says so without a reload.
    await expect(balance).toHaveAttribute(
      'aria-label',
      balanceLabel(WELCOME_COINS.SC + 25_000, 'SC'),
    );
    await expect(invoices.and(page.locator('[data-status="rejected"]'))).toHaveCount(2);
    await page.waitForTimeout(1_000);
    await expect(alert).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });
});
