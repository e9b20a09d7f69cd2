import type { Locator } from '@playwright/test';
import { expect, registerAndLogin, test } from './fixtures';

/** A 1×1 PNG, padded so a throttled upload takes long enough to show its progress. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Fills the profile form in `scope` (page section or modal) and saves it. */
async function fillProfile(scope: Locator): Promise<void> {
  await scope.getByLabel('First name').fill('Ada');
  await scope.getByLabel('Last name').fill('Lovelace');
  await scope.getByLabel('Date of birth').fill('1990-05-01');
  await scope.getByLabel('Phone number').fill('+1 212 555 0100');
  await scope.getByLabel('Address').fill('350 Fifth Avenue');
  await scope.getByLabel('Country').selectOption('US');
  await scope.getByLabel('ZIP code').fill('10001');
  await scope.getByLabel('ZIP code').blur();
  // Postal code + country fill the city and the state (offline ZIP data).
  await expect(scope.getByLabel('City')).not.toHaveValue('');
  await expect(scope.getByLabel('State')).not.toHaveValue('');
  await expect(scope.getByLabel(/accept the Terms and Conditions/)).toBeChecked();
  await scope.getByRole('button', { name: 'Save profile' }).click();
}

test.describe('profile area', () => {
  test('an incomplete profile is filled in and saved on /profile/info', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    await registerAndLogin(context, request);
    await visit('/profile/info');
    const form = page.getByRole('region', { name: 'Your details' });
    await expect(form.getByTestId('profile-completeness')).toHaveText(/not complete yet/);

    // The shared checks run before anything is sent.
    await form.getByLabel('ZIP code').fill('123');
    await form.getByLabel('ZIP code').blur();
    await expect(form.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('The ZIP code must be exactly 5 characters')).toBeVisible();

    await fillProfile(form);
    await expect(form.getByRole('status').filter({ hasText: 'saved' })).toHaveText(
      'Your profile has been saved.',
    );
    await expect(form.getByTestId('profile-completeness')).toHaveText('Your profile is complete.');

    // Verification: nothing confirmed yet for a new player; the phone opens its modal.
    const verification = page.getByRole('region', { name: 'Verification' });
    await expect(verification.getByTestId('verification-summary')).toHaveText(
      '0 of 3 steps verified',
    );
    await verification.getByRole('button', { name: 'Verify phone' }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'verify-phone');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Your details' }).getByLabel('First name'),
    ).toHaveValue('Ada');
    expect(consoleErrors).toEqual([]);
  });

  test('bundles for an incomplete profile asks for the profile first, then opens', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/?modal=bundles');
    const dialog = page.getByRole('dialog', { name: 'Complete your profile' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('backTo')).toBe('bundles');
    await fillProfile(dialog);
    await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'bundles');
    const params = new URL(page.url()).searchParams;
    expect(params.get('modal')).toBe('bundles');
    expect(params.has('backTo')).toBe(false);
  });

  test('a guest asking for bundles signs in first', async ({ page, visit }) => {
    await visit('/?modal=bundles');
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('backTo')).toBe('bundles');
  });

  test('security: another session is listed and closed, the password is changed', async ({
    page,
    context,
    request,
    visit,
  }) => {
    const player = await registerAndLogin(context, request);
    const other = await request.post('/api/player/sessions', {
      data: {
        email: player.email,
        password: player.password,
        device: { type: 'mobile', os: 'Android', browser: 'Firefox' },
      },
    });
    expect(other.status()).toBe(200);
    const otherToken = ((await other.json()) as { accessToken: string }).accessToken;

    await visit('/profile/security');
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByTestId('session-row')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toHaveCount(1);
    await sessions
      .getByRole('button', { name: 'Close the session on Firefox on Android (mobile)' })
      .click();
    await expect(sessions.getByTestId('session-row')).toHaveCount(1);
    await expect(sessions.getByRole('status')).toHaveText('The session has been closed.');
    const closed = await request.get('/api/player/profile', {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(closed.status()).toBe(401);

    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill(player.password);
    await password.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await password.getByLabel('Repeat new password').fill('a-brand-new-secret');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText(/Your password has been changed/);
    await expect(password.getByLabel('Current password')).toHaveValue('');
    const relogin = await request.post('/api/player/sessions', {
      data: { email: player.email, password: 'a-brand-new-secret', device: { type: 'desktop' } },
    });
    expect(relogin.status()).toBe(200);

    await page.getByRole('button', { name: 'Remove account' }).click();
    await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'remove-account');
  });

  test('limits: create, decrease at once, increase pending', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/profile/limits');
    const section = page.getByRole('region', { name: 'Your limits' });
    await expect(section.getByText('You have not set any limits.')).toBeVisible();

    await section.getByLabel('What to limit').selectOption('loss');
    await section.getByLabel('Period').selectOption('day');
    await section.getByLabel('Amount (USD)').fill('50');
    await section.getByRole('button', { name: 'Set limit' }).click();
    const row = section.getByTestId('limit-row');
    await expect(row).toContainText('Daily loss limit');
    await expect(row).toContainText('$50.00');
    await expect(section.getByRole('status')).toHaveText(
      'Your daily loss limit is set and applies now.',
    );
    // The same type's day is taken now; another type still offers it.
    await expect(section.getByLabel('Period').locator('option[value="day"]')).toHaveCount(0);
    await section.getByLabel('What to limit').selectOption('wager');
    await expect(section.getByLabel('Period').locator('option[value="day"]')).toHaveCount(1);

    await row.getByRole('button', { name: 'Change the daily loss limit' }).click();
    await row.getByLabel('New amount (USD)').fill('30');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('status')).toHaveText('Your daily loss limit is now $30.00.');
    await expect(row).toContainText('$30.00');
    await expect(row.getByTestId('limit-pending')).toHaveCount(0);

    await row.getByRole('button', { name: 'Change the daily loss limit' }).click();
    await row.getByLabel('New amount (USD)').fill('80');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('status')).toHaveText(
      /Your daily loss limit goes up to \$80\.00 on/,
    );
    await expect(row).toContainText('$30.00');
    await expect(row.getByTestId('limit-pending')).toHaveText(/Goes up to \$80\.00 on/);
  });

  test('documents: a PNG uploads with progress, then waits for review', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await registerAndLogin(context, request);
    await visit('/profile/info');
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents.getByText('No documents uploaded yet.')).toBeVisible();

    // A client-side check refuses other file types before anything is sent.
    await documents
      .getByLabel('File')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await documents.getByRole('button', { name: 'Upload document' }).click();
    await expect(documents.getByRole('alert')).toHaveText(
      'Only JPEG, PNG, WebP or PDF files can be uploaded.',
    );

    // A slow uplink, so the progress bar is seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    const padded = Buffer.concat([PNG_1X1, Buffer.alloc(600 * 1024)]);
    await documents.getByLabel('Document type').selectOption('id');
    await documents
      .getByLabel('File')
      .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: padded });
    await documents.getByRole('button', { name: 'Upload document' }).click();
    const progress = documents.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('value')), { timeout: 10_000 })
      .toBeGreaterThan(0);

    await expect(documents.getByTestId('documents-state')).toHaveAttribute(
      'data-state',
      'pending',
      {
        timeout: 15_000,
      },
    );
    await expect(documents.getByRole('status').filter({ hasText: 'uploaded' })).toHaveText(
      'The document has been uploaded and is waiting for review.',
    );
    await expect(documents.getByRole('button', { name: 'Upload document' })).toBeDisabled();
    await expect(
      documents.getByRole('list', { name: 'Uploaded documents' }).getByText('ID document'),
    ).toBeVisible();
  });
});
