import type { Page } from '@playwright/test';
import { createStaff, enrol, staffPage } from './admin-helpers';
import { expect, test } from './fixtures';

type Pages = { home: { title: string } & Record<string, unknown> } & Record<string, unknown>;
const homeHeading = (page: Page, title: string) =>
  page.getByRole('heading', { name: title, level: 1 });

/** Saves `doc` as the draft, then publishes it through the confirm dialog. */
async function saveAndPublish(page: Page, doc: Pages, reason: string) {
  await page.getByLabel(/\(JSON/).fill(JSON.stringify(doc, null, 2));
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();
  await page.getByRole('button', { name: 'Publish the draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish pages (pt-br)' });
  await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Published: the site shows it now.')).toBeVisible();
}

test.describe('the back office content editor', () => {
  test('marketing edits a draft, previews it on the site, and publishes it; a bad draft is refused naming its field', async ({
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    const marketing = await createStaff(request, 'marketing');
    const page = await staffPage(browser);
    await enrol(page, marketing);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Content' })
      .click();
    await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
    await page.getByLabel('Locale').selectOption('pt-br');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/admin\/content\?locale=pt-br$/);
    await page
      .getByRole('row')
      .filter({ hasText: 'pt-br' })
      .getByRole('link', { name: 'pages', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'pages (pt-br)', level: 1 })).toBeVisible();

    const editor = page.getByLabel(/\(JSON/);
    const original = JSON.parse(await editor.inputValue()) as Pages;
    const title = `Rascunho e2e ${crypto.randomUUID().slice(0, 8)}`;

    // A draft without its title is refused, the field named; nothing is saved.
    const { title: _dropped, ...untitled } = original.home;
    await editor.fill(JSON.stringify({ ...original, home: untitled }, null, 2));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'document.home.title' })).toBeVisible();
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Publish the draft' })).toBeDisabled();

    await editor.fill(JSON.stringify({ ...original, home: { ...original.home, title } }, null, 2));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();

    // The preview link shows the draft on the site; a visitor still sees the published page.
    const [preview] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: /Open the preview/ }).click(),
    ]);
    await expect(homeHeading(preview, title)).toBeVisible();
    const visitor = await staffPage(browser);
    await visitor.goto('/pt-br');
    await expect(homeHeading(visitor, original.home.title)).toBeVisible();

    // Publishing is confirmed with a reason; then every visitor sees it.
    await page.getByRole('button', { name: 'Publish the draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish pages (pt-br)' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('e2e: new headline');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Published: the site shows it now.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish the draft' })).toBeDisabled();
    await visitor.goto('/pt-br');
    await expect(homeHeading(visitor, title)).toBeVisible();

    // Put the original headline back for the other specs, the same way.
    await saveAndPublish(page, original, 'e2e: restore the headline');
    await visitor.goto('/pt-br');
    await expect(homeHeading(visitor, original.home.title)).toBeVisible();
  });
});
