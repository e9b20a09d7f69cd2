import { KEYED_MODALS, MODAL_SCOPED_PARAMS } from '@coinfall/shared';
import { expect, registerAndLogin, test } from './fixtures';

const KEYS = Object.values(KEYED_MODALS);
/** Spec §6: these need a logged-in player with a complete profile; a guest gets sign-in. */
const GATED_KEYS: readonly string[] = ['bundles', 'payment', 'card-info', 'purchase'];

function searchOf(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

test.describe('keyed modals on page load (guest)', () => {
  for (const key of KEYS) {
    test(`?modal=${key} opens a named dialog`, async ({ page, visit }) => {
      await visit(`/?modal=${key}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute(
        'data-modal-key',
        GATED_KEYS.includes(key) ? 'sign-in' : key,
      );
      await expect(dialog).toHaveAccessibleName(/\S/);
      await expect(dialog).toHaveAccessibleDescription(/\S/);
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    });
  }

  test('an unknown key opens nothing', async ({ page, visit }) => {
    await visit('/?modal=not-a-modal');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('closing a keyed modal', () => {
  test('Escape closes it and clears modal, resetCode, source, full, backTo and code', async ({
    page,
    visit,
  }) => {
    await visit(
      '/?modal=reset-pass&resetCode=abc&source=mail&full=1&backTo=bundles&code=7&stag=keep',
    );
    await expect(page.getByRole('dialog', { name: 'Choose a new password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => searchOf(page.url()).has('modal')).toBe(false);
    const params = searchOf(page.url());
    for (const name of MODAL_SCOPED_PARAMS) expect(params.has(name), name).toBe(false);
    expect(params.get('stag')).toBe('keep');
  });

  test('the close button closes it', async ({ page, visit }) => {
    await visit('/?modal=bundles');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => searchOf(page.url()).has('modal')).toBe(false);
  });

  test('a click outside closes a message modal', async ({ page, visit }) => {
    await visit('/?modal=success');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(8, 400);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => searchOf(page.url()).has('modal')).toBe(false);
  });

  test('a click outside leaves a form modal open', async ({ page, visit }) => {
    await visit('/?modal=sign-in');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(8, 400);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    expect(searchOf(page.url()).get('modal')).toBe('sign-in');
  });
});

test.describe('opening keyed modals', () => {
  test('focus returns to the control that opened the modal', async ({ page, visit }) => {
    await visit('/');
    const opener = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    // Focus is trapped inside the dialog while it is open.
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('opening one keyed modal replaces the other', async ({ page, visit }) => {
    await visit('/?modal=sign-in');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(searchOf(page.url()).getAll('modal')).toEqual(['sign-up']);
  });

  test('the error modal shows the code from the query', async ({ page, visit }) => {
    await visit('/?modal=error&code=11002');
    await expect(page.getByRole('dialog', { name: 'Something went wrong' })).toContainText('11002');
  });

  test('account forms check their fields and are not sent while they fail', async ({
    page,
    visit,
  }) => {
    await visit('/?modal=sign-in');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByLabel('Password').fill('123');
    await dialog.getByLabel('Email', { exact: true }).focus();
    await expect(dialog.getByText('Value is not a valid email address')).toBeVisible();
    await expect(dialog.getByText('This field should be at least 6 characters long')).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Sign in', exact: true });
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText('Accounts open soon')).toHaveCount(0);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/player/sessions')) sent.push(r.url());
    });
    await submit.click();
    await expect(dialog.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toEqual([]);
  });

  test('dismissing a started sign-up asks first', async ({ page, visit }) => {
    await visit('/?modal=sign-up');
    await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill('player@example.com');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Stop registering?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep registering' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Stop registering?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => searchOf(page.url()).has('modal')).toBe(false);
  });
});

test.describe('page-load rule for a logged-in visitor', () => {
  // A real session: the home page loads player data (the boards' country), and a token the API
  // refuses ends on /403 — as it should for a real visitor.
  test.beforeEach(async ({ context, request, baseURL }) => {
    await registerAndLogin(context, request, baseURL);
  });

  for (const key of ['sign-in', 'sign-up', 'forgot-pass', 'reset-pass', 'payment', 'card-info']) {
    test(`?modal=${key} does not open and is stripped from the URL`, async ({ page, visit }) => {
      await visit(`/?modal=${key}&resetCode=abc&stag=keep`);
      await expect.poll(() => searchOf(page.url()).has('modal')).toBe(false);
      expect(searchOf(page.url()).has('resetCode')).toBe(false);
      expect(searchOf(page.url()).get('stag')).toBe('keep');
      await page.waitForTimeout(300);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }

  test('?modal=success still opens', async ({ page, visit }) => {
    await visit('/?modal=success');
    await expect(page.getByRole('dialog')).toHaveAttribute('data-modal-key', 'success');
    expect(searchOf(page.url()).get('modal')).toBe('success');
  });
});
