import { expect, registerAndLogin, test } from './fixtures';

/** Issue 16: a break from /profile/limits ends the session at once and shuts the login. */
test.describe('player protection', () => {
  test('a player takes a 1-day break, is logged out, cannot log in and sees the end date', async ({
    page,
    context,
    request,
    baseURL,
    visit,
    consoleErrors,
  }) => {
    const { email, password, accessToken } = await registerAndLogin(context, request, baseURL);
    await visit('/profile/limits');
    const section = page.getByRole('region', { name: 'Take a break or self-exclude' });
    await section.getByRole('button', { name: 'Continue' }).click();
    await expect(section.getByRole('alert')).toHaveText('Choose how long');

    await section.getByRole('group', { name: 'Take a break' }).getByLabel('1 day').check();
    await section.getByRole('button', { name: 'Continue' }).click();
    const confirm = section.getByRole('alertdialog', { name: 'Please confirm: 1 day' });
    // The confirmation takes the focus, so a screen reader reads it first.
    await expect(confirm.getByRole('heading')).toBeFocused();
    await expect(confirm).toContainText('cannot log in until');
    await confirm.getByRole('button', { name: 'Yes, start it now' }).click();

    // Logged out at once: the page that says only when it ends, and the way to reach us.
    await page.waitForURL(/\/excluded\?until=/);
    const until = new URL(page.url()).searchParams.get('until')!;
    const hoursLeft = (Date.parse(until) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    await expect(page.getByRole('heading', { name: 'You are taking a break' })).toBeVisible();
    await expect(page.getByTestId('excluded-until')).toContainText('Your account opens again on');
    await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeUndefined();

    // The old token is refused everywhere, with the end date.
    const profile = await request.get('/api/player/profile', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(profile.status()).toBe(403);
    expect(await profile.json()).toMatchObject({
      code: 'PLAYER_EXCLUDED',
      details: { endsAt: until },
    });

    // Signing in again lands on the same page, not in the account.
    await visit('/?modal=sign-in');
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email', { exact: true }).fill(email);
    await signIn.getByLabel('Password').fill(password);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/excluded\?until=/);
    expect(new URL(page.url()).searchParams.get('until')).toBe(until);
    await expect(page.getByTestId('excluded-until')).toContainText('Your account opens again on');
    // The ended session's last calls are refused (401, or 403 with the end date) as it ends.
    expect(consoleErrors.filter((e) => !/40[13]/.test(e))).toEqual([]);
  });
});
