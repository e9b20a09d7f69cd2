import { createStaff, enrol, staffPage } from './admin-helpers';
import { expect, test } from './fixtures';

test.describe('the back office edits segments', () => {
  test('a marketing staff member builds a rule segment, fixes the value the server refuses, and sees it listed', async ({
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const marketing = await createStaff(request, 'marketing');
    const staff = await staffPage(browser);
    await staff.goto('/admin');
    await staff.waitForURL(/\/admin\/sign-in$/, { timeout: 60_000 });
    await enrol(staff, marketing);

    const nav = staff.getByRole('navigation', { name: 'Back office', exact: true });
    await nav.getByRole('link', { name: 'Segments' }).click();
    await expect(staff.getByRole('heading', { name: 'Segments', level: 1 })).toBeVisible();
    // The seeded rule segments are listed with their rules in words; flags are read only.
    await expect(staff.getByRole('row').filter({ hasText: 'VIP' })).toContainText(
      'loyalty level 4 or higher',
    );
    await expect(staff.getByRole('row').filter({ hasText: 'Test users' })).toContainText(
      'Flag (read only)',
    );

    await staff.getByRole('link', { name: 'New segment' }).click();
    await expect(staff.getByRole('heading', { name: 'New segment' })).toBeVisible();
    const name = `Polar ${crypto.randomUUID().slice(0, 6)}`;
    await staff.getByLabel('Name').fill(name);
    await staff.getByLabel('Condition 1: days').fill('0');
    await staff.getByRole('button', { name: 'Add a condition' }).click();
    await staff.getByLabel('Condition 2: field').selectOption({ label: 'Country' });
    await staff.getByLabel('Condition 2: countries').fill('aq');
    await expect(staff.locator('#rule-preview')).toContainText('country is AQ');
    await staff.getByLabel('Reason (kept in the audit log)').fill('Polar campaign');
    await staff.getByRole('button', { name: 'Create segment' }).click();

    // The server's 400 lands on the condition it names.
    const days = staff.getByLabel('Condition 1: days');
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(staff.getByRole('alert')).toContainText('rule.0.days');

    // Keyboard: the first condition is removed with its button, focus stays in the form.
    await staff.getByRole('button', { name: 'Remove condition 1' }).focus();
    await staff.keyboard.press('Enter');
    await expect(staff.getByRole('button', { name: 'Add a condition' })).toBeFocused();
    await expect(staff.locator('#rule-preview')).toHaveText('Preview: country is AQ');
    await staff.getByRole('button', { name: 'Create segment' }).click();

    await expect(staff).toHaveURL(/\/admin\/segments\/\d+$/);
    await expect(staff.getByRole('heading', { name: `Segment ${name}` })).toBeVisible();

    // The re-check runs in the background; the page refreshes until it is done.
    await expect(staff.getByRole('progressbar', { name: 'Re-checking players' })).toHaveCount(0, {
      timeout: 30_000,
    });

    await staff.getByRole('link', { name: '← All segments' }).click();
    const row = staff.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('country is AQ');
    await expect(row).toContainText('Editable');
    await expect(row).toContainText('Current');

    // Retiring: a reason is required; the segment stays, read only, shown as retired.
    await row.getByRole('link', { name }).click();
    const retire = staff.getByRole('form', { name: 'Retire the segment' });
    await retire.getByRole('button', { name: 'Retire segment' }).click();
    await expect(retire.getByLabel('Reason for retiring (kept in the audit log)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await retire.getByLabel('Reason for retiring (kept in the audit log)').fill('Campaign over');
    await retire.getByRole('button', { name: 'Retire segment' }).click();
    await expect(staff.getByText(/^Retired on /)).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await staff.getByRole('link', { name: '← All segments' }).click();
    const retiredRow = staff.getByRole('row').filter({ hasText: name });
    await expect(retiredRow).toContainText('Retired (read only)');
    await expect(retiredRow).toContainText(/Retired/);
  });
});
