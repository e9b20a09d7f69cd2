import { Secret, TOTP } from 'otpauth';
import { expect, operatorHeaders, test } from './fixtures';

const STAFF_PASSWORD = 'e2e staff password, long enough';

/**
 * Issues 16 and 17 (decision 030): staff read a player's self-exclusion in the profile's
 * Protection tab, in plain words; an indefinite one younger than 6 months offers no lift (the
 * server refuses it too).
 */
test('compliance reads a player’s indefinite self-exclusion and cannot lift it before 6 months', async ({
  page,
  request,
  visit,
  consoleErrors,
}) => {
  // The player excludes through the API (no browser of theirs is needed).
  const registered = await request.post('/api/player/register', {
    data: {
      email: `e2e-${crypto.randomUUID()}@example.com`,
      password: 'coinfall-e2e-secret',
      agreements: true,
      receiveEmailPromo: true,
      device: { type: 'desktop' },
    },
  });
  expect(registered.status()).toBe(200);
  const session = (await registered.json()) as { accessToken: string; profile: { id: string } };
  const excluded = await request.post('/api/player/protection/exclusion', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: { period: 'indefinite' },
  });
  expect(excluded.status(), await excluded.text()).toBe(200);
  const { active } = (await excluded.json()) as { active: { protectionId: string } };

  // A compliance account, signed in through the API in the page's context (its cookie).
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

  await visit(`/admin/players/${session.profile.id}`);
  await page.getByRole('tab', { name: 'Protection' }).click();
  await expect(page.getByTestId('protection-standing')).toContainText('self-excluded indefinitely');
  const row = page.getByRole('row', { name: /Self-exclusion · indefinite/ });
  await expect(row).toContainText('Indefinite — until a lift is recorded');
  await expect(row).toContainText('Possible from');
  await expect(page.getByRole('button', { name: /request to lift/ })).toHaveCount(0);
  // The exclusion withdrew the promotional-mail consent the player gave at registration.
  await expect(page.getByText('Not consented')).toBeVisible();

  // The server says the same: too early, with the date.
  const early = await page.request.post(
    `/api/admin/players/${session.profile.id}/protections/${active.protectionId}/lift`,
    { data: { reason: 'player wrote to us' } },
  );
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { details: { earliestLiftAt: string } }).details).toHaveProperty(
    'earliestLiftAt',
  );
  expect(consoleErrors).toEqual([]);
});
