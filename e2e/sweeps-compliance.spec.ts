import { expect, registerAndLogin, test } from './fixtures';

/** Issue 16 (decision 035): free entry by mail from the wallet page, with the rules it links. */
test.describe('sweeps compliance', () => {
  test('a player generates a free-entry request code and finds the rules that explain it', async ({
    page,
    context,
    request,
    baseURL,
    visit,
    consoleErrors,
  }) => {
    await registerAndLogin(context, request, baseURL);
    await visit('/profile/wallet');
    const section = page.getByRole('region', { name: 'Free entry by mail' });
    await expect(section).toContainText('No purchase is necessary');
    await expect(section).toContainText('You have no request codes yet.');
    // The terms come from the server's configuration: the amount in Sweeps Coins, the caps.
    await expect(section).toContainText('at most 1 per day and 10 per month by postmark');

    await section.getByRole('button', { name: 'Generate a request code' }).click();
    const code = section.getByTestId('amoe-code');
    await expect(code).toHaveCount(1);
    await expect(code).toHaveText(/^AMOE-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await expect(section.getByRole('list', { name: 'Your request codes' })).toContainText(
      'Not used yet',
    );
    await expect(section).toContainText('write by hand your full name');

    await section.getByRole('link', { name: /Sweepstakes Rules/ }).click();
    // The site adds is_auth=true to the URL right after the navigation (spec §2): either URL.
    await expect(page).toHaveURL(/\/static\/sweepstakes-rules(\?is_auth=true)?$/);
    await expect(page.getByRole('heading', { name: '3. Free entry by mail' })).toBeVisible();
    await expect(page.getByText('One request per envelope.', { exact: false })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
