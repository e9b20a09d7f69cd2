import { createStaff, enrol, staffPage } from './admin-helpers';
import { expect, registerAndLogin, test } from './fixtures';
import { NO_RELOAD_MARKER } from './payment-helpers';

/** A 1×1 PNG: the server checks the content, not the name. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const readMarker = (marker: string) => (window as unknown as Record<string, unknown>)[marker];

test.describe('the back office reviews', () => {
  test('an admin views and approves an identity document from the KYC queue; the player sees it verified without a reload', async ({
    page,
    context,
    request,
    browser,
    visit,
  }) => {
    test.setTimeout(120_000);
    // The player uploads an identity document through the API, then keeps /profile/info open.
    const player = await registerAndLogin(context, request);
    const upload = await request.post('/api/player/documents', {
      headers: { authorization: `Bearer ${player.accessToken}` },
      multipart: {
        type: 'id',
        file: { name: 'id.png', mimeType: 'image/png', buffer: PNG_1X1 },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    await visit('/profile/info');
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents.getByTestId('documents-state')).toHaveAttribute('data-state', 'pending');
    const verification = page.getByRole('region', { name: 'Verification' });
    await expect(verification.getByTestId('verification-summary')).toHaveText(
      '0 of 3 steps verified',
    );
    await page.evaluate(
      (m) => ((window as unknown as Record<string, boolean>)[m] = true),
      NO_RELOAD_MARKER,
    );

    // The admin finds it in the queue (oldest first) and opens its page.
    const admin = await createStaff(request, 'admin');
    const staff = await staffPage(browser);
    await enrol(staff, admin);
    const nav = staff.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'KYC review' }).click();
    const row = staff.getByRole('row').filter({ hasText: player.email });
    await row.getByRole('link', { name: 'Identity document' }).click();
    await expect(staff.getByRole('heading', { name: 'Identity document' })).toBeVisible();
    await expect(staff.getByTestId('document-status')).toHaveText('Pending');

    // "View document": a signed 5-minute link; the image loads through it (staff cookie too).
    await staff.getByRole('button', { name: 'View document' }).click();
    const image = staff.getByRole('img', { name: `Identity document of ${player.email}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(staff.getByText(/The link works until .* UTC, for you only\./)).toBeVisible();

    // Approve: confirmed, with a reason.
    await staff.getByRole('button', { name: 'Approve' }).click();
    const confirm = staff.getByRole('dialog', { name: 'Approve this document?' });
    await confirm.getByRole('button', { name: 'Approve the document' }).click();
    await expect(confirm.getByText('Required.')).toBeVisible();
    await confirm.getByLabel('Reason (kept in the audit log)').fill('e2e: matches the profile');
    await confirm.getByRole('button', { name: 'Approve the document' }).click();
    await expect(confirm).toBeHidden();
    await expect(staff.getByText(`Approved: ${player.email} is verified.`)).toBeVisible();
    await expect(staff.getByTestId('document-status')).toHaveText('Approved');
    await expect(staff.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'KYC review' }).click();
    await expect(staff.getByRole('row').filter({ hasText: player.email })).toHaveCount(0);

    // The player's page shows it on its own (the kyc push): verified, documents accepted.
    await expect(verification.getByTestId('verification-summary')).toHaveText(
      '1 of 3 steps verified',
      { timeout: 20_000 },
    );
    await expect(documents.getByTestId('documents-state')).toHaveAttribute(
      'data-state',
      'approved',
    );
    expect(await page.evaluate(readMarker, NO_RELOAD_MARKER)).toBe(true);
    await staff.context().close();
  });
});
