import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  expect,
  readMail,
  registerPlayer,
  sessionCookie,
  settle,
  siteLinkIn,
  test,
} from './fixtures';

/**
 * The account modals against the real API: password reset and email confirmation through the
 * development mailbox, social login through the sandbox provider, phone verification with the
 * texted code (which lands in the same mailbox).
 */

const uniqueEmail = () => `e2e-${randomUUID()}@example.com`;
const PASSWORD = 'coinfall-e2e-secret';

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Account menu' });

async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** The sandbox provider's form (built elsewhere): an email, a name, one submit. */
async function signInAtSandbox(page: Page, email: string) {
  // Off the sign-in modal: at the provider, or (an identity it remembers) straight back.
  await page.waitForURL((url) => url.searchParams.get('modal') !== 'sign-in');
  await settle(page);
  if (new URL(page.url()).pathname.startsWith('/oidc-sandbox')) {
    const emailField = page.getByLabel(/email/i);
    await emailField.fill(email);
    const name = page.getByLabel(/name/i);
    if ((await name.count()) > 0) await name.first().fill('E2E Player');
    const buttons = page.getByRole('button');
    await (
      (await buttons.count()) === 1
        ? buttons
        : page.getByRole('button', { name: /sign in|log in|continue|submit|authori[sz]e/i })
    )
      .first()
      .click();
  }
}

test.describe('account modals', () => {
  // Each test walks several full page loads and mail or provider round trips.
  test.slow();

  test('forgot password, reset it from the mailed link and sign in with the new one', async ({
    page,
    visit,
    request,
    consoleErrors,
  }) => {
    const email = uniqueEmail();
    await registerPlayer(request, email, PASSWORD);

    await visit('/?modal=forgot-pass');
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await forgot.getByLabel('Email', { exact: true }).fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(forgot.getByRole('status')).toContainText(`If an account exists for ${email}`);

    const mail = await readMail(request, email, (m) => m.text.includes('modal=reset-pass'));
    await visit(siteLinkIn(mail.text, 'modal=reset-pass'));
    const reset = page.getByRole('dialog', { name: 'Choose a new password' });
    const newPassword = `${PASSWORD}-new`;
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Repeat new password').fill(newPassword);
    await reset.getByRole('button', { name: 'Save password' }).click();

    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    // Hashing the new password is slow on a loaded machine.
    await expect(signIn.getByRole('status')).toContainText('Your password has been changed', {
      timeout: 15_000,
    });
    expect(new URL(page.url()).searchParams.get('resetCode')).toBeNull();
    await signIn.getByLabel('Email', { exact: true }).fill(email);
    await signIn.getByLabel('Password').fill(newPassword);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(signIn).toHaveCount(0);
    await expect(accountMenu(page)).toBeVisible();
    // (Checked before the spent link below, whose 400 the browser logs as a failed resource.)
    expect(consoleErrors).toEqual([]);

    // The same link a second time: the code is spent, and the modal says so.
    await logOut(page);
    await visit(siteLinkIn(mail.text, 'modal=reset-pass'));
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Repeat new password').fill(newPassword);
    await reset.getByRole('button', { name: 'Save password' }).click();
    await expect(reset.getByRole('alert')).toContainText('expired or was already used');
    await reset.getByRole('button', { name: 'Request a new link' }).click();
    await expect(page.getByRole('dialog', { name: 'Forgot your password?' })).toBeVisible();
  });

  test('the confirmation link logs a fresh browser in and confirms the email', async ({
    browser,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail();
    await registerPlayer(request, email, PASSWORD);
    const mail = await readMail(request, email, (m) => m.text.includes('source=confirm-email'));
    const link = siteLinkIn(mail.text, 'source=confirm-email');
    expect(new URL(link, baseURL).searchParams.get('token')).toBeTruthy();

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(link);
    await settle(page);
    const done = page.getByRole('dialog', { name: 'Email confirmed' });
    await expect(done).toBeVisible();
    // The spent one-time token does not stay in the address bar.
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(done).toHaveCount(0);
    // The shell is hidden from assistive tech while a dialog is open: checked now.
    await expect(accountMenu(page)).toBeVisible();

    // The API agrees: the profile has its confirmation date.
    const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
    const profile = await request.get('/api/player/profile', {
      headers: { authorization: `Bearer ${cookie?.value ?? ''}` },
    });
    expect(((await profile.json()) as { confirmedAt: string | null }).confirmedAt).toBeTruthy();
    await context.close();
  });

  test('social login: a new identity signs up, then logs straight in', async ({ page, visit }) => {
    const email = uniqueEmail();

    await visit('/?modal=sign-in');
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByRole('button', { name: /sandbox/i }).click();
    await signInAtSandbox(page, email);

    // Back on the site: a new identity accepts the terms in the social sign-up.
    const signUp = page.getByRole('dialog', { name: 'Finish signing up' });
    await expect(signUp).toBeVisible({ timeout: 15_000 });
    await expect(signUp.getByRole('textbox')).toHaveValue(email);
    await expect(signUp.getByLabel('Password')).toHaveCount(0);
    expect(page.url()).not.toContain('registrationToken');
    await signUp.getByLabel(/accept the Terms and Conditions/).check();
    await signUp.getByRole('button', { name: 'Sign up', exact: true }).click();
    const bonus = page.getByRole('dialog', { name: 'Welcome to Coinfall!' });
    await expect(bonus).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('coinfall:social-signup'))).toBeNull();
    await page.keyboard.press('Escape');
    await expect(accountMenu(page)).toBeVisible();

    // The identity is known now: the next social login goes straight in.
    await logOut(page);
    await visit('/?modal=sign-in');
    await signIn.getByRole('button', { name: /sandbox/i }).click();
    await signInAtSandbox(page, email);
    await expect(accountMenu(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a refused social login says so on the callback page', async ({ page, visit }) => {
    await visit('/auth/social/sandbox/callback?error=access_denied');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in did not finish');
    await expect(page.getByRole('alert')).toContainText('cancelled');
    await page.getByRole('link', { name: 'Sign in another way' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  });

  test('verify the phone with the texted code', async ({ page, visit, context, request }) => {
    const email = uniqueEmail();
    const session = await registerPlayer(request, email, PASSWORD);
    await sessionCookie(context, session.accessToken);
    // A number of its own (a confirmed number belongs to one account): 8 million to draw from.
    const phone = `+1415${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

    await visit('/?modal=verify-phone');
    const dialog = page.getByRole('dialog', { name: 'Verify your phone' });
    await dialog.getByLabel('Phone number').fill(phone);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByRole('status')).toContainText('We sent a 6-digit code');
    const code = dialog.getByLabel('Verification code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(dialog.getByText(/ask for a new code in \d+ s/)).toBeVisible();

    // A wrong code first: the field says so and keeps the focus.
    await code.fill('000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');

    const sms = await readMail(request, phone, (m) => /\b\d{6}\b/.test(m.text));
    const digits = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
    await code.fill(digits);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByRole('status')).toContainText('your phone number is verified');
  });

  test('removing the account logs out to home and shows the removal toast once', async ({
    page,
    visit,
    context,
    request,
  }) => {
    const session = await registerPlayer(request, uniqueEmail(), PASSWORD);
    await sessionCookie(context, session.accessToken);

    await visit('/?modal=remove-account');
    const dialog = page.getByRole('dialog', { name: 'Remove account' });
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Remove my account' }).click();

    // Home loads afresh as a guest; the alert stored before the reload shows as a toast.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts.getByText('Account removed', { exact: true })).toBeVisible();

    // Shown once: the next page load does not show it again.
    await visit('/');
    await page.waitForTimeout(500);
    await expect(page.getByText('Account removed', { exact: true })).toHaveCount(0);
  });
});
