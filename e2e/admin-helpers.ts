import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { STAFF_COOKIE, type StaffRole } from '@coinfall/shared';
import type { AdminQuest } from '@coinfall/shared/contracts/admin-promotions';
import { expect, operatorHeaders } from './fixtures';

/** The back office's browser specs share these: staff accounts and their first sign-in. */

export const STAFF_PASSWORD = 'e2e staff password, long enough';

export interface Staff {
  email: string;
  role: StaffRole;
  /** A password other than STAFF_PASSWORD (one an admin's screen drew). */
  password?: string;
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
  await page.getByLabel('Password', { exact: true }).fill(staff.password ?? STAFF_PASSWORD);
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

/**
 * A signed-in staff session for API calls (no page): a new account of `role`, its password and
 * first TOTP code through /api/admin/session, answered as the Bearer header API clients send.
 */
export async function staffApiHeaders(
  request: APIRequestContext,
  role: Staff['role'],
): Promise<Record<string, string>> {
  const staff = await createStaff(request, role);
  const first = await request.post('/api/admin/session/password', {
    data: { email: staff.email, password: STAFF_PASSWORD },
  });
  expect(first.status(), await first.text()).toBe(200);
  const { challenge, enrolment } = (await first.json()) as {
    challenge: string;
    enrolment: { secret: string };
  };
  const second = await request.post('/api/admin/session/totp', {
    data: { challenge, code: totpOf(enrolment.secret).generate() },
  });
  expect(second.status(), await second.text()).toBe(200);
  const cookie = second
    .headersArray()
    .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${STAFF_COOKIE}=`));
  const token = cookie?.value.split(';')[0]?.slice(STAFF_COOKIE.length + 1) ?? '';
  expect(token).not.toBe('');
  return { authorization: `Bearer ${token}` };
}

const sameInEveryLocale = (en: string) => ({ en, es: en, 'pt-br': en });

/**
 * Creates an inactive single quest (no player holds it) with one "play a round" task, through
 * the API as `headers`' staff; `reward` is the one field the specs vary.
 */
export async function createInactiveQuest(
  request: APIRequestContext,
  headers: Record<string, string>,
  quest: { identity: string; name: string; reward: AdminQuest['reward']; reason: string },
): Promise<AdminQuest> {
  const res = await request.post('/api/admin/quests', {
    headers,
    data: {
      identity: quest.identity,
      enabled: false,
      name: sameInEveryLocale(quest.name),
      description: sameInEveryLocale('Play a round'),
      image: null,
      activation: 'auto',
      reward: quest.reward,
      eligibility: {},
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: null,
      tasks: [
        {
          kind: 'play-rounds',
          name: sameInEveryLocale('Play a round'),
          target: 1,
          currency: 'GC',
          gameIdentities: null,
          collection: null,
          minMultiplier: null,
        },
      ],
      reason: quest.reason,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AdminQuest;
}
