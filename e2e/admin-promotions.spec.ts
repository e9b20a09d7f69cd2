import { createStaff, enrol, staffPage } from './admin-helpers';
import { expect, registerAndLogin, test } from './fixtures';

/** The seeded instant campaign the new code gives (apps/server/src/db/seed/bonus.ts). */
const HOLIDAY_SLUG = 'holiday-2026';
const HOLIDAY_NAME = 'Holiday 2026 bonus';

test.describe('the back office edits promotions', () => {
  test('a marketing staff member creates a bonus code, a player redeems it on the site, and the list counts it', async ({
    page,
    context,
    request,
    browser,
    visit,
  }) => {
    test.setTimeout(120_000);
    const marketing = await createStaff(request, 'marketing');
    const staff = await staffPage(browser);
    // The back office's first load (its own chunks) may take a while on a busy machine; the
    // shared sign-in helper then waits on the ordinary 5 s.
    await staff.goto('/admin');
    await staff.waitForURL(/\/admin\/sign-in$/, { timeout: 60_000 });
    await enrol(staff, marketing);

    // Marketing sees the promotions sections, and not the money ones.
    const nav = staff.getByRole('navigation', { name: 'Back office', exact: true });
    await expect(nav.getByRole('link', { name: 'Bonus codes' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Redemptions' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Bonus codes' }).click();
    await expect(staff.getByRole('heading', { name: 'Bonus codes', level: 1 })).toBeVisible();

    const code = `SPRING${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await staff.getByRole('button', { name: 'New code' }).click();
    const dialog = staff.getByRole('dialog', { name: 'New bonus code' });
    await dialog.getByLabel('Code (letters, digits, _ and -)').fill(code);
    await dialog.getByLabel('Bonus it gives').selectOption({ label: HOLIDAY_SLUG });
    await expect(dialog.getByLabel('Where players enter it')).toHaveValue('3');
    await dialog.getByLabel('Claim cap (empty: none)').fill('1');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Spring newsletter');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByRole('status').filter({ hasText: `Created ${code}.` })).toBeVisible();
    const row = staff.getByRole('row').filter({ hasText: code });
    await expect(row.getByRole('cell').nth(3)).toHaveText('0 / 1');

    // The player enters it on the site at once: no restart, no cache to wait for.
    await registerAndLogin(context, request);
    await visit('/profile/bonuses');
    const form = page.getByTestId('bonus-code-form');
    await form.getByLabel('Bonus code').fill(code);
    await form.getByRole('button', { name: 'Apply code' }).click();
    await expect(form.getByTestId('bonus-code-message')).toHaveText(
      `Code ${code} applied. Your reward is in your bonuses.`,
    );
    await expect(page.getByTestId('player-bonus').filter({ hasText: HOLIDAY_NAME })).toHaveCount(2);

    // The list, sorted by redemptions (a header click), counts the claim and the redemption.
    await staff.getByRole('button', { name: /^Redemptions/ }).click();
    await expect(staff).toHaveURL(/sort=redemptions/);
    await expect(row.getByRole('cell').nth(3)).toHaveText('1 / 1');
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');
    await staff.context().close();
  });
});
