import { randomUUID } from 'node:crypto';
import { CONTENT_PREVIEW_TOKEN, expect, test } from './fixtures';

/** A unique address per test run and worker, so reruns against one database never collide. */
const uniqueEmail = () => `e2e-${randomUUID()}@example.com`;
const PASSWORD = 'coinfall-e2e-secret';

test.describe('accounts', () => {
  test('register, log out and sign in again', async ({ page, visit, context, consoleErrors }) => {
    const email = uniqueEmail();
    const header = page.getByRole('banner');

    await visit('/');
    await header.getByRole('link', { name: 'Sign up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByLabel('Email', { exact: true }).fill(email);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByLabel(/accept the Terms and Conditions/).check();
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();

    // A new player who agreed to the terms goes on to the verify-bonus modal (spec §4 login flow).
    const bonus = page.getByRole('dialog', { name: 'Welcome to Coinfall!' });
    await expect(bonus).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000);
    await page.keyboard.press('Escape');
    await expect(bonus).toHaveCount(0);
    // The rest of the page is hidden from assistive tech while a dialog is open: checked now.
    await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // Log out from the account menu.
    const logout = page.waitForResponse(
      (r) => r.url().endsWith('/api/player/sessions/logout') && r.request().method() === 'POST',
    );
    await header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await logout).status()).toBe(204);
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === 'access_token')).toBe(false);

    // And back in through the sign-in modal.
    await header.getByRole('link', { name: 'Sign in' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email', { exact: true }).fill(email);
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(signIn).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('modal')).toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  test('a wrong password shows the form error and stays logged out', async ({
    page,
    visit,
    request,
  }) => {
    const email = uniqueEmail();
    const registered = await request.post('/api/player/register', {
      data: {
        email,
        password: PASSWORD,
        agreements: true,
        receiveEmailPromo: false,
        device: { type: 'desktop' },
      },
    });
    expect(registered.status()).toBe(200);

    await visit('/?modal=sign-in');
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByLabel('Email', { exact: true }).fill(email);
    await signIn.getByLabel('Password').fill('not-the-password');
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(signIn.getByRole('alert')).toHaveText('The email or the password is not correct.');
    await expect(signIn).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name === 'access_token')).toBe(false);
    await page.keyboard.press('Escape');
    await expect(signIn).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('a taken email is shown on the email field', async ({ page, visit, request }) => {
    const email = uniqueEmail();
    await request.post('/api/player/register', {
      data: {
        email,
        password: PASSWORD,
        agreements: true,
        receiveEmailPromo: false,
        device: { type: 'desktop' },
      },
    });
    await visit('/?modal=sign-up');
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByLabel('Email', { exact: true }).fill(email);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByLabel(/accept the Terms and Conditions/).check();
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(signUp.getByLabel('Email', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(signUp.getByText('This email is already registered')).toBeVisible();
  });

  test('the sign-up form asks exactly the configured fields (content, decision 053)', async ({
    page,
    visit,
  }) => {
    // Published content: today's form, the promo consent shown, no nickname.
    await visit('/?modal=sign-up');
    let signUp = page.getByRole('dialog', { name: 'Create your account' });
    await expect(signUp.getByLabel('Send me offers by email')).toBeVisible();
    await expect(signUp.getByLabel(/Nickname/)).toHaveCount(0);

    // The drafts (apps/server/content/drafts/en/global-components.json) ask a required nickname
    // and leave the promo consent out; a preview session shows them.
    await page.goto(`/?preview=${CONTENT_PREVIEW_TOKEN}&modal=sign-up`);
    signUp = page.getByRole('dialog', { name: 'Create your account' });
    const nickname = signUp.getByLabel('Nickname', { exact: true });
    await expect(nickname).toBeVisible();
    await expect(nickname).toHaveAttribute('aria-required', 'true');
    await expect(signUp.getByLabel('Send me offers by email')).toHaveCount(0);

    await signUp.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByLabel(/accept the Terms and Conditions/).check();
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(nickname).toHaveAttribute('aria-invalid', 'true');
    await expect(signUp).toBeVisible();

    await nickname.fill(`e2e_${randomUUID().slice(0, 8)}`);
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Coinfall!' })).toBeVisible();
  });
});
