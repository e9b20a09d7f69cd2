import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { staffApiHeaders } from './admin-helpers';
import { expect, test } from './fixtures';

const PASSWORD = 'growth-secret-1';

/** Through the sign-up modal; answers the new player's id (the registration's answer). */
async function signUp(page: Page, email: string): Promise<string> {
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel(/accept the Terms and Conditions/).check();
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/player/register') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  const registered = await answer;
  expect(registered.status()).toBe(200);
  const body = (await registered.json()) as { profile: { id: string } };
  // Signed in: the welcome modal opens over the page (the header is inert beneath it); its OK
  // leaves the shell with the account menu.
  const welcome = page.getByRole('dialog', { name: 'Welcome to Coinfall!' });
  await expect(welcome).toBeVisible({ timeout: 20_000 });
  await welcome.getByRole('button', { name: 'OK' }).click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Account menu' }),
  ).toBeVisible();
  return body.profile.id;
}

const today = () => new Date().toISOString().slice(0, 10);

interface StoredEvent {
  eventType: string;
  eventProperties: Record<string, unknown>;
  userProperties: Record<string, unknown>;
}

test('an affiliate visit: the tag and UTM follow the player to registration, the pixel fires once', async ({
  page,
  request,
  visit,
}) => {
  test.setTimeout(90_000);
  const tag = `aff_${randomUUID().slice(0, 8)}`;
  const pixels: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/affiliate-sandbox/pixel')) pixels.push(r);
  });

  await visit(`/?stag=${tag}&utm_source=newsletter&utm_campaign=fall&gclid=G-123`);
  // Another page of the site: the tracked parameters are added back to its URL (spec §9).
  await page.getByRole('banner').getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveURL(/\/games\?.*utm_source=newsletter/, { timeout: 15_000 });
  await expect(page).toHaveURL(/gclid=G-123/);

  const playerId = await signUp(page, `growth-${randomUUID()}@example.com`);
  // The growth reports are the back office's (analytics.read, decision 048).
  const staff = await staffApiHeaders(request, 'marketing');

  const attribution = await request.get(`/api/admin/analytics/players/${playerId}/attribution`, {
    headers: staff,
  });
  expect(attribution.status()).toBe(200);
  const stored = (await attribution.json()) as {
    affiliateTag: string;
    utm: Record<string, string>;
    abGroup: string;
    funnelType: string;
  };
  expect(stored.affiliateTag).toBe(tag);
  expect(stored.utm).toEqual({ utm_source: 'newsletter', utm_campaign: 'fall', gclid: 'G-123' });
  expect(['A', 'B']).toContain(stored.abGroup);
  expect(stored.funnelType).toBe(stored.abGroup === 'A' ? 'open' : 'semi-closed');

  // The pixel: one hidden 1×1 image with offer, goal and status, recorded once by the host.
  await expect.poll(() => pixels.length, { timeout: 15_000 }).toBe(1);
  const pixel = new URL(pixels[0]!.url());
  expect(pixel.searchParams.get('click')).toBe(tag);
  for (const name of ['offer', 'goal', 'status']) expect(pixel.searchParams.get(name)).toBeTruthy();
  await expect(page.locator('img[data-affclick]')).toHaveAttribute('width', '1');
  await page.reload();
  await page.getByRole('banner').getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveURL(/\/games/, { timeout: 15_000 });
  const hits = await request.get('/api/admin/analytics/affiliate-pixel-hits', {
    headers: staff,
  });
  const { data } = (await hits.json()) as { data: { click: string }[] };
  expect(data.filter((h) => h.click === tag)).toHaveLength(1);
  expect(pixels).toHaveLength(1);

  // The operator's funnel counts the registration under the tag and the source.
  const funnel = await request.get(`/api/admin/analytics/funnel?from=${today()}&to=${today()}`, {
    headers: staff,
  });
  const rows = (
    (await funnel.json()) as {
      data: {
        affiliateTag: string | null;
        utmSource: string | null;
        registrations: number;
        firstPurchases: number;
      }[];
    }
  ).data;
  expect(rows.find((r) => r.affiliateTag === tag)).toMatchObject({
    utmSource: 'newsletter',
    registrations: 1,
    firstPurchases: 0,
  });
});

test('the site’s Amplitude SDK delivers page views, the registration and the logout to our ingest', async ({
  page,
  request,
  visit,
}) => {
  test.setTimeout(120_000);
  const batches: { status: number; body: { code: number; events_ingested?: number } }[] = [];
  page.on('response', async (r) => {
    if (!r.url().endsWith('/2/httpapi')) return;
    batches.push({ status: r.status(), body: (await r.json()) as { code: number } });
  });

  await visit('/?utm_source=sdk-e2e');
  await page.getByRole('banner').getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveURL(/\/games\?.*utm_source=sdk-e2e/, { timeout: 15_000 });
  const playerId = await signUp(page, `sdk-${randomUUID()}@example.com`);
  const staff = await staffApiHeaders(request, 'marketing');

  const eventsOf = async (): Promise<StoredEvent[]> => {
    const res = await request.get(`/api/admin/analytics/players/${playerId}/events`, {
      headers: staff,
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: StoredEvent[] }).data;
  };
  // The SDK flushes every 5 s (spec §9), so the registration arrives within that.
  await expect
    .poll(async () => (await eventsOf()).map((e) => e.eventType), { timeout: 20_000 })
    .toContain('registration');
  const registration = (await eventsOf()).find((e) => e.eventType === 'registration')!;
  expect(registration.eventProperties).toMatchObject({ method: 'email', utm_source: 'sdk-e2e' });

  // Page views after the sign-in carry the player and Amplitude's page properties.
  await page.getByRole('banner').getByRole('link', { name: 'Fairness', exact: true }).click();
  await expect(page).toHaveURL(/\/fairness/, { timeout: 15_000 });
  await expect
    .poll(async () => (await eventsOf()).some((e) => e.eventType === '[Amplitude] Page Viewed'), {
      timeout: 20_000,
    })
    .toBe(true);
  const view = (await eventsOf()).find((e) => e.eventType === '[Amplitude] Page Viewed')!;
  expect(view.eventProperties['[Amplitude] Page Path']).toBe('/fairness');
  expect(view.eventProperties['[Amplitude] Page URL']).toMatch(/\/fairness$/);
  expect(view.eventProperties['[Amplitude] Page Domain']).toBe('127.0.0.1');
  expect(typeof view.eventProperties['[Amplitude] Page Title']).toBe('string');
  expect(view.eventProperties['[Amplitude] Page Counter']).toEqual(expect.any(Number));
  expect(String(view.eventProperties['[Amplitude] Page Location'])).toContain('/fairness');

  // Logout: the next page's SDK still remembers the player, tracks the logout for them, resets.
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible({
    timeout: 15_000,
  });
  await expect
    .poll(async () => (await eventsOf()).map((e) => e.eventType), { timeout: 20_000 })
    .toContain('logout');

  // Every batch the SDK sent was acknowledged with Amplitude's body, code equal to the status.
  expect(batches.length).toBeGreaterThan(0);
  for (const batch of batches) {
    expect(batch.status).toBe(200);
    expect(batch.body.code).toBe(200);
  }
});
