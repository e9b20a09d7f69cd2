import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { WELCOME_COINS } from '@coinfall/shared';
import {
  balanceLabel,
  expect,
  operatorHeaders,
  readMail,
  registerAndLogin,
  siteLinkIn,
  test,
} from './fixtures';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Completes the profile through the API; answers the phone number it gave. */
async function completeProfile(request: APIRequestContext, token: string): Promise<string> {
  const phone = `+1415555${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const profile = await request.put('/api/player/profile', {
    headers: auth(token),
    data: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone,
      address: '1 Main St',
      city: 'Austin',
      region: 'TX',
      country: 'US',
      postalCode: '73301',
      birthdate: '1990-01-01',
      agreedTc: true,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return phone;
}

/** Confirms email (the dev mailbox link) and phone (the OTP in the dev mailbox); passes KYC. */
async function verifySteps(
  request: APIRequestContext,
  email: string,
  token: string,
  phone: string,
) {
  const mail = await readMail(request, email, (m) => m.text.includes('source=confirm-email'));
  const code = new URL(siteLinkIn(mail.text, 'source=confirm-email'), 'http://x').searchParams.get(
    'code',
  );
  const confirmed = await request.post('/api/player/profile/confirmations/email/confirm', {
    data: { code },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  const sent = await request.post('/api/player/otp/send', {
    headers: auth(token),
    data: { reason: 'phoneVerification', phone },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const sms = await readMail(request, phone, (m) => /\b\d{6}\b/.test(m.text));
  const otp = /\b(\d{6})\b/.exec(sms.text)?.[1];
  const verified = await request.post('/api/player/otp/verify', {
    headers: auth(token),
    data: { reason: 'phoneVerification', code: otp },
  });
  expect(verified.ok(), await verified.text()).toBe(true);

  const kyc = await request.post('/api/player/integrations/tsevo/player', {
    headers: auth(token),
    data: {},
  });
  expect(kyc.ok(), await kyc.text()).toBe(true);
  const validated = await request.post('/api/player/integrations/tsevo/player/validate', {
    headers: auth(token),
  });
  expect(((await validated.json()) as { status: string }).status).toBe('verified');
}

/** Completes the profile, confirms email and phone (dev mailbox) and passes the KYC sandbox. */
async function verifyFully(request: APIRequestContext, email: string, token: string) {
  await verifySteps(request, email, token, await completeProfile(request, token));
}

/** The sandbox operator credit: `sc` whole SC, played through, so redeemable at once. */
async function creditRedeemable(request: APIRequestContext, token: string, sc: number) {
  const me = await request.get('/api/player/profile', { headers: auth(token) });
  const { id } = (await me.json()) as { id: string };
  const credited = await request.post(`/api/dev/players/${id}/sweeps-credit`, {
    headers: operatorHeaders(),
    data: { amount: sc * 100, playedThrough: true, requestKey: `e2e-${crypto.randomUUID()}` },
  });
  expect(credited.ok(), await credited.text()).toBe(true);
  // The header shows the active account: make it the SC one.
  const accounts = await request.get('/api/wallet/accounts', { headers: auth(token) });
  const { data } = (await accounts.json()) as { data: { id: string; currency: string }[] };
  const scAccount = data.find((a) => a.currency === 'SC');
  const switched = await request.put(`/api/wallet/accounts/${scAccount?.id ?? ''}/switch`, {
    headers: auth(token),
  });
  expect(switched.ok(), await switched.text()).toBe(true);
}

/** A redemption through the API (the second one of a test, not what it is about). */
async function redeemByApi(request: APIRequestContext, token: string, amount: number) {
  const res = await request.post('/api/payment/invoices/virtual-payout', {
    headers: { ...auth(token), 'idempotency-key': `e2e-${crypto.randomUUID()}` },
    data: { amount, currency: 'SC', paymentMethodId: 'bank' },
  });
  return res;
}

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
