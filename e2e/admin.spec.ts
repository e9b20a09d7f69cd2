import { createStaff, enrol, STAFF_PASSWORD, staffPage } from './admin-helpers';
import { expect, registerAndLogin, registerPlayer, settle, test } from './fixtures';
import { NO_RELOAD_MARKER } from './payment-helpers';
import { creditRedeemable, redeemByApi, verifyFully } from './redeem-helpers';

const readMarker = (marker: string) => (window as unknown as Record<string, unknown>)[marker];

test.describe('the back office', () => {
  test('an admin enrols, finds a player, adjusts, approves their redemption; the player sees it without a reload', async ({
    page,
    context,
    request,
    browser,
    visit,
  }) => {
    test.setTimeout(150_000);
    // The player (this test's own context): verified, 250 SC redeemable, 100 SC asked for.
    const player = await registerAndLogin(context, request);
    await verifyFully(request, player.email, player.accessToken);
    await creditRedeemable(request, player.accessToken, 250);
    const redeemed = await redeemByApi(request, player.accessToken, 10_000);
    expect(redeemed.status(), await redeemed.text()).toBe(200);
    const { id: invoiceId } = (await redeemed.json()) as { id: string };
    await visit('/profile/history');
    const payout = page.getByTestId('history-invoice').filter({ hasText: 'Redemption' });
    await expect(payout).toHaveAttribute('data-status', 'pending');
    await page.evaluate(
      (m) => ((window as unknown as Record<string, boolean>)[m] = true),
      NO_RELOAD_MARKER,
    );

    // The admin, in a browser of their own.
    const admin = await createStaff(request, 'admin');
    const staff = await staffPage(browser);
    const recoveryCodes = await enrol(staff, admin);
    const nav = staff.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveText([
      'Players',
      'Pending adjustments',
      'Redemptions',
      'KYC review',
      'Rounds',
      'Reports',
      'Analytics',
      'Bonuses',
      'Bonus codes',
      'Quests',
      'Loyalty ladder',
      'Segments',
      'Content',
      'Jurisdiction rules',
      'Audit log',
      'Support',
      'Staff accounts',
      'Catalog and shop',
      'Big deposits',
      'My sessions',
    ]);
    await expect(staff.getByRole('banner')).toContainText(admin.email);
    await expect(staff.getByRole('banner')).toContainText('admin');
    await expect(staff.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // Players: search by email (server-side), open the profile.
    await nav.getByRole('link', { name: 'Players' }).click();
    await staff.getByLabel('Id, email, phone, device visitor id or nickname').fill(player.email);
    await staff.getByRole('button', { name: 'Search' }).click();
    await expect(staff).toHaveURL(/\/admin\/players\?q=/);
    // The list sorts on the server by a header; the sort is kept in the URL.
    await staff.getByRole('button', { name: /^Email/ }).click();
    await expect(staff).toHaveURL(/sort=email&order=desc/);
    await expect(staff.getByRole('columnheader', { name: /^Email/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await staff.getByRole('link', { name: player.email }).click();
    await expect(staff.getByRole('heading', { name: player.email })).toBeVisible();
    await expect(staff.getByTestId('player-status')).toHaveText('Active');
    await staff.getByRole('tab', { name: 'Purchases & redemptions' }).click();
    await expect(staff.getByRole('tabpanel')).toContainText('Virtual Payout');
    await expect(staff.getByRole('tabpanel')).toContainText(invoiceId);

    // An adjustment above the four-eyes amount waits for someone else (confirmed, with a reason).
    await staff.getByRole('button', { name: 'Adjust balance' }).click();
    const adjust = staff.getByRole('dialog', { name: `Adjust the balance of ${player.email}` });
    await adjust.getByLabel('Coins').selectOption('GC');
    await adjust.getByLabel('Amount (minus for a debit)').fill('250');
    await adjust.getByRole('button', { name: 'Adjust the balance' }).click();
    await expect(adjust.getByText('Required.')).toBeVisible();
    await adjust.getByLabel('Reason (kept in the audit log)').fill('e2e goodwill credit');
    await adjust.getByRole('button', { name: 'Adjust the balance' }).click();
    await expect(adjust).toBeHidden();
    await expect(
      staff.getByText('250.00 GC: awaiting approval by another staff member.'),
    ).toBeVisible();
    await nav.getByRole('link', { name: 'Pending adjustments' }).click();
    const mine = staff.getByRole('row').filter({ hasText: 'e2e goodwill credit' });
    await expect(mine).toContainText('Yours: another staff member approves it');
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeVisible();

    // Redemptions: the payout with its risk context; approve it (confirmed).
    await nav.getByRole('link', { name: 'Redemptions' }).click();
    const row = staff.getByRole('row').filter({ hasText: player.email });
    await expect(row).toContainText('100.00 SC');
    await expect(row).toContainText('KYC verified');
    await row.getByRole('button', { name: `Approve the payout of ${player.email}` }).click();
    const confirm = staff.getByRole('dialog', { name: 'Approve the payout of 100.00 SC?' });
    await confirm.getByRole('button', { name: 'Approve the payout' }).click();
    await expect(confirm).toBeHidden();
    await expect(
      staff.getByText(`Approved: the payout of ${player.email} is processing.`),
    ).toBeVisible();
    await expect(staff.getByRole('row').filter({ hasText: player.email })).toHaveCount(0);

    // The player's history shows the new state on its own (it polls open payouts): no reload.
    await expect(payout).toHaveAttribute('data-status', /processing|success/, { timeout: 25_000 });
    expect(await page.evaluate(readMarker, NO_RELOAD_MARKER)).toBe(true);

    // The audit log has the approval, found by its filters.
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await staff.getByLabel('Action').selectOption('redemption.approved');
    await staff.getByLabel('Target id').fill(invoiceId);
    await staff.getByRole('button', { name: 'Filter' }).click();
    await expect(staff.getByRole('row').filter({ hasText: invoiceId })).toContainText(admin.email);

    // A finance colleague approves the waiting adjustment (four eyes).
    const finance = await createStaff(request, 'finance');
    const colleague = await staffPage(browser);
    await enrol(colleague, finance);
    await colleague
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Pending adjustments' })
      .click();
    await colleague
      .getByRole('row')
      .filter({ hasText: 'e2e goodwill credit' })
      .getByRole('button', { name: 'Approve' })
      .click();
    const approval = colleague.getByRole('dialog');
    await approval.getByLabel('Reason (kept in the audit log)').fill('checked the ticket');
    await approval.getByRole('button', { name: 'Approve and apply' }).click();
    await expect(colleague.getByText('Applied: 250.00 GC.')).toBeVisible();

    // Sign out, then back in with a saved recovery code instead of the app.
    await staff.getByRole('button', { name: 'Sign out' }).click();
    await expect(staff.getByText('You are signed out.')).toBeVisible();
    await staff.getByLabel('Email').fill(admin.email);
    await staff.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
    await staff.getByRole('button', { name: 'Continue' }).click();
    await staff.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await staff.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect(staff.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
    await staff.context().close();
    await colleague.context().close();
  });

  test('a player’s session opens no back-office page: it shows the sign-in', async ({
    page,
    context,
    request,
  }) => {
    await registerAndLogin(context, request);
    await page.goto('/admin/players');
    await settle(page);
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fplayers$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // None of the player shell: no site drawer, no player header, no back-office menu.
    await expect(page.locator('#site-drawer')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    const me = await page.request.get('/api/admin/me');
    expect(me.status()).toBe(401);
  });

  test('compliance limits a player, blocks and unblocks them (the limit stays), and forces a password reset', async ({
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-${crypto.randomUUID()}@example.com`;
    const password = 'coinfall-e2e-secret';
    const { accessToken } = await registerPlayer(request, email, password);
    const player = { email, password, accessToken };
    const compliance = await createStaff(request, 'compliance');
    const staff = await staffPage(browser);
    await enrol(staff, compliance);
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Players' })
      .click();
    await staff.getByLabel('Id, email, phone, device visitor id or nickname').fill(player.email);
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff.getByRole('link', { name: player.email }).click();
    const status = staff.getByTestId('player-status');
    await expect(status).toHaveText('Active');

    const act = async (button: string, confirm: string, reason: string, done: string) => {
      await staff.getByRole('button', { name: button, exact: true }).click();
      const dialog = staff.getByRole('dialog');
      await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
      await dialog.getByRole('button', { name: confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(staff.getByRole('status').filter({ hasText: done })).toBeVisible();
    };
    await act('Limit', 'Limit the player', 'chargeback under review', 'The player is Limited.');
    await expect(status).toHaveText('Limited');
    await expect(staff.getByRole('button', { name: 'Lift the limit' })).toBeVisible();
    await act('Block', 'Block the player', 'fraud ring suspected', 'The player is blocked.');
    await expect(status).toHaveText('Blocked');
    // A blocked player is unblocked first: no limit buttons.
    await expect(staff.getByRole('button', { name: 'Limit', exact: true })).toHaveCount(0);
    await act('Unblock', 'Unblock the player', 'ring cleared', 'The player is unblocked.');
    await expect(status).toHaveText('Limited');

    await act(
      'Force password reset',
      'Reset the password',
      'account takeover reported',
      'The password is reset',
    );
    const profile = await request.get('/api/player/profile', {
      headers: { authorization: `Bearer ${player.accessToken}` },
    });
    expect(profile.status()).toBe(401);
    const login = await request.post('/api/player/sessions', {
      data: { email: player.email, password: player.password, device: { type: 'desktop' } },
    });
    expect(login.status()).toBe(401);
  });
});
