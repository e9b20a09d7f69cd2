import { Secret, TOTP } from 'otpauth';
import { expect, operatorHeaders, test } from './fixtures';

const STAFF_PASSWORD = 'e2e staff password, long enough';

/**
 * Issue 16 in the back office (decision 058): a compliance staff member refuses Sweeps Coins play
 * in a state from a date, confirming it with a reason; the table shows it, and the audit keeps it.
 * The state code is drawn per run (no real state, no player there) so reruns never collide.
 */
test('compliance refuses Sweeps Coins play in a state, confirmed, with a reason', async ({
  page,
  request,
  visit,
  consoleErrors,
}) => {
  const email = `e2e-compliance-${crypto.randomUUID()}@staff.example.com`;
  const created = await request.post('/api/dev/staff', {
    headers: operatorHeaders(),
    data: { email, role: 'compliance', password: STAFF_PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  const first = await page.request.post('/api/admin/session/password', {
    data: { email, password: STAFF_PASSWORD },
  });
  expect(first.status(), await first.text()).toBe(200);
  const challenge = (await first.json()) as { challenge: string; enrolment: { secret: string } };
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(challenge.enrolment.secret),
  });
  const second = await page.request.post('/api/admin/session/totp', {
    data: { challenge: challenge.challenge, code: totp.generate() },
  });
  expect(second.status(), await second.text()).toBe(200);

  const state = `X${10 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 90)}`;
  await visit('/admin/jurisdictions');
  await expect(page.getByRole('heading', { name: 'Jurisdiction rules', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('State code (empty: the whole country)').fill(state);
  await dialog.getByLabel('Effective from (UTC, as 2026-12-24T00:00)').fill('2025-01-01T00:00');
  await dialog.getByLabel('Sweeps Coins play allowed').uncheck();
  await dialog.getByLabel('Note shown to players').fill('Sweeps Coins play stopped by statute');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('New state law, ticket CMP-7');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Taking play away asks once more.
  const confirm = page.getByRole('dialog', { name: `Refuse Sweeps Coins play in ${state}, US?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Save the rule' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${state}, US` })).toContainText(
    'is saved',
  );

  await page.getByLabel('Country (ISO code, such as US)').fill('us');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/admin\/jurisdictions\?country=US(&|$)/);
  const row = page.getByRole('row', { name: new RegExp(`${state}, US`) });
  await expect(row).toContainText('Refused');
  await expect(row).toContainText('Sweeps Coins play stopped by statute');

  const audit = await page.request.get('/api/admin/audit?action=jurisdiction.rule-put');
  // Compliance reads the audit log too: the put is there, with its reason.
  expect(audit.status()).toBe(200);
  expect(await audit.text()).toContain('New state law, ticket CMP-7');
  expect(consoleErrors).toEqual([]);
});
