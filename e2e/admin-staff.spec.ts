import { createStaff, enrol, staffPage } from './admin-helpers';
import { expect, test } from './fixtures';

test.describe('the back office staff accounts', () => {
  test('an admin creates a support account whose drawn password signs in, then disables it and its open session ends', async ({
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await createStaff(request, 'admin');
    const page = await staffPage(browser);
    await enrol(page, admin);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Staff accounts' }).click();
    await expect(page.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeVisible();

    // Create: email and role; the password the server drew is shown once.
    const email = `e2e-support-${crypto.randomUUID()}@staff.example.com`;
    await page.getByRole('button', { name: 'New staff account' }).click();
    const create = page.getByRole('dialog', { name: 'New staff account' });
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Role').selectOption('support');
    await create.getByRole('button', { name: 'Create the account' }).click();
    await expect(create).toBeHidden();
    await expect(
      page.getByRole('heading', { name: `${email} (support) is created` }),
    ).toBeVisible();
    const password = (await page.getByTestId('staff-created-password').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Enrols at next sign-in');

    // The new member signs in with it, enrols, and sees their session and the idle timeout.
    const member = await staffPage(browser);
    await enrol(member, { email, role: 'support', password });
    await member
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'My sessions' })
      .click();
    await expect(member.getByText(/A session ends after \d+ minutes without use/)).toBeVisible();
    await expect(member.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);

    // The admin disables the account (confirmed, with a reason): the open session ends.
    await page.getByRole('button', { name: 'I have handed it over' }).click();
    await row.getByRole('button', { name: `Disable ${email}` }).click();
    const disable = page.getByRole('dialog', { name: `Disable ${email}?` });
    await disable.getByRole('button', { name: 'Disable the account' }).click();
    await expect(disable.getByText('Required.')).toBeVisible();
    await disable.getByLabel('Reason (kept in the audit log)').fill('e2e: left the team');
    await disable.getByRole('button', { name: 'Disable the account' }).click();
    await expect(disable).toBeHidden();
    await expect(page.getByText(`${email} is disabled; their sessions have ended.`)).toBeVisible();
    await expect(row).toContainText('Disabled since');

    await member.reload();
    await expect(member).toHaveURL(/\/admin\/sign-in/);
  });
});
