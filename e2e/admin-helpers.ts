import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, operatorHeaders } from './fixtures';

/** The back office's browser specs share these: staff accounts and their first sign-in. */

export const STAFF_PASSWORD = 'e2e staff password, long enough';

export interface Staff {
  email: string;
  role: 'admin' | 'finance';
}

/** A staff account made by the sandbox operator, like `npm run staff:create` (decision 019). */
export async function createStaff(request: APIRequestContext, role: Staff['role']): Promise<Staff> {
  const email = `e2e-${role}-${crypto.randomUUID()}@staff.example.com`;
  const res = await request.post('/api/dev/staff', {
    headers: operatorHeaders(),
    data: { email, role, password: STAFF_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, role };
}

/** The authenticator app: the current code of a secret, computed as the server checks it. */
const totpOf = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/**
 * A first sign-in through the page: password, the enrolment (QR code and key), the first code,
 * then the recovery codes, kept and confirmed. Answers the recovery codes.
 */
export async function enrol(page: Page, staff: Staff): Promise<string[]> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml;base64,/,
  );
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  // A wrong code is refused in plain words, and the page stays on the step.
  const code = page.getByLabel('The first code the app shows');
  const good = totpOf(secret).generate();
  await code.fill(good === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  await code.fill(totpOf(secret).generate());
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  const next = page.getByRole('button', { name: 'Continue to the back office' });
  await expect(next).toBeDisabled();
  await page.getByLabel('I have saved them').check();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
  return codes.map((c) => c.trim());
}

export async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}
