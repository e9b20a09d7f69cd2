import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, readMail, siteLinkIn, test } from './fixtures';

const PASSWORD = 'journey-secret-1';
const NEW_PASSWORD = 'journey-secret-2';

const accountMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Account menu' });

/** Through the sign-up modal; a new player lands on the verify-bonus modal, closed here. */
async function signUp(page: Page, email: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel(/accept the Terms and Conditions/).check();
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Coinfall!' })).toBeVisible();
  await page.keyboard.press('Escape');
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(accountMenu(page)).toBeVisible();
}

async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** The whole account journey, through the site only (mail read from the dev mailbox). */
test('register → confirm email → complete profile → log out → log in → change password → close the other session', async ({
  page,
  visit,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `journey-${randomUUID()}@example.com`;

  await visit('/');
  await signUp(page, email);

  // The confirmation mail's link, opened in the logged-in browser, confirms the address.
  const mail = await readMail(request, email, (m) => m.text.includes('source=confirm-email'));
  await visit(siteLinkIn(mail.text, 'source=confirm-email'));
  const confirmed = page.getByRole('dialog', { name: 'Email confirmed' });
  await expect(confirmed).toBeVisible();
  await confirmed.getByRole('button', { name: 'OK' }).click();

  // Complete the profile on /profile/info.
  await visit('/profile/info');
  const details = page.getByRole('region', { name: 'Your details' });
  await details.getByLabel('First name').fill('Grace');
  await details.getByLabel('Last name').fill('Hopper');
  await details.getByLabel('Date of birth').fill('1985-12-09');
  await details.getByLabel('Phone number').fill('+1 212 555 0142');
  await details.getByLabel('Address').fill('1 Navy Way');
  await details.getByLabel('Country').selectOption('US');
  await details.getByLabel('ZIP code').fill('10001');
  await details.getByLabel('ZIP code').blur();
  await expect(details.getByLabel('City')).not.toHaveValue('');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(details.getByTestId('profile-completeness')).toHaveText('Your profile is complete.');
  await expect(
    page.getByRole('region', { name: 'Verification' }).getByTestId('verification-summary'),
  ).toHaveText('1 of 3 steps verified');

  await logOut(page);
  await signIn(page, email, PASSWORD);

  // A second device logs in; the security page lists both and closes the other one.
  const other = await request.post('/api/player/sessions', {
    data: {
      email,
      password: PASSWORD,
      device: { type: 'tablet', os: 'iPadOS', browser: 'Safari' },
    },
  });
  expect(other.status()).toBe(200);
  const otherToken = ((await other.json()) as { accessToken: string }).accessToken;

  await visit('/profile/security');
  const password = page.getByRole('region', { name: 'Change password' });
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText(/Your password has been changed/);
  // Changing the password ended the other session already.
  const afterChange = await request.get('/api/player/profile', {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(afterChange.status()).toBe(401);

  // A new second session, then closed from the list.
  const third = await request.post('/api/player/sessions', {
    data: {
      email,
      password: NEW_PASSWORD,
      device: { type: 'mobile', os: 'Android', browser: 'Chrome' },
    },
  });
  const thirdToken = ((await third.json()) as { accessToken: string }).accessToken;
  await page.reload();
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByTestId('session-row')).toHaveCount(2);
  await sessions.getByRole('button', { name: /Close the session on Chrome on Android/ }).click();
  await expect(sessions.getByTestId('session-row')).toHaveCount(1);
  // The row goes at once (optimistic); the close has landed when the notice says so.
  await expect(sessions.getByRole('status')).toHaveText('The session has been closed.');
  const closed = await request.get('/api/player/profile', {
    headers: { authorization: `Bearer ${thirdToken}` },
  });
  expect(closed.status()).toBe(401);

  // The browser's own session still works, and the new password signs in again.
  await logOut(page);
  await signIn(page, email, NEW_PASSWORD);
});

/**
 * Spec §4: a token is treated as expired 60 s before `exp` and the 30 s check refreshes it. The
 * browser's clock is moved 14 minutes on (tokens live 15): the next check must refresh, and the
 * site keeps working with the new token.
 */
test('the token is refreshed before it expires', async ({ page, visit, context }) => {
  await page.clock.install();
  const email = `refresh-${randomUUID()}@example.com`;
  await visit('/');
  await signUp(page, email);
  const tokenOf = async () =>
    (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  const first = await tokenOf();
  expect(first).toBeTruthy();

  // Tokens carry whole seconds: a refresh within the second of sign-up would be byte-identical.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/api/player/sessions/refresh') && r.request().method() === 'POST',
  );
  await page.clock.fastForward('14:30');
  await page.clock.runFor(31_000);
  expect((await refreshed).status()).toBe(200);
  await expect.poll(tokenOf).not.toBe(first);
  await expect(accountMenu(page)).toBeVisible();
});
