import { expect, test } from './fixtures';

const SEATTLE = { lat: 47.6062, lon: -122.3321 };

/**
 * Issue 16 (decisions 046 and 052): a player whose place refuses Sweeps Coins (Washington,
 * seeded) is told on the wallet page what is not available there and why, in their language.
 */
test.describe('the player’s standing on the wallet page', () => {
  test('a player in Washington sees why Sweeps Coins, bonuses and redemptions are not available', async ({
    page,
    context,
    request,
    baseURL,
    visit,
    consoleErrors,
  }) => {
    // Registered from Seattle: the login location is one of the player's places.
    const response = await request.post('/api/player/register', {
      data: {
        email: `e2e-${crypto.randomUUID()}@example.com`,
        password: 'coinfall-e2e-secret',
        agreements: true,
        receiveEmailPromo: false,
        device: { type: 'desktop' },
        location: SEATTLE,
      },
    });
    expect(response.status()).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    const url = baseURL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3457';
    await context.addCookies([
      { name: 'access_token', value: accessToken, url, httpOnly: false, sameSite: 'Lax' },
    ]);

    await visit('/profile/wallet');
    const section = page.getByRole('region', { name: 'What is available where you are' });
    await expect(section).toContainText('Under the sweepstakes rules of WA, United States:');
    await expect(section.getByRole('listitem')).toHaveText([
      /^Sweeps Coins play is not available\. You can still play with Gold Coins\./,
      'Bonuses are not available. You can still buy coins, without a bonus.',
      'Sweeps Coins redemptions are not available.',
    ]);
    await expect(section).toContainText('from the location your device last sent');

    await visit('/es/profile/wallet');
    const es = page.getByRole('region', { name: 'Qué está disponible donde te encuentras' });
    await expect(es).toContainText('WA, Estados Unidos');
    await expect(es).toContainText('No se puede jugar con Sweeps Coins.');
    expect(consoleErrors).toEqual([]);
  });

  test('a player with no refusing place sees no such section', async ({
    page,
    context,
    request,
    baseURL,
    visit,
  }) => {
    const response = await request.post('/api/player/register', {
      data: {
        email: `e2e-${crypto.randomUUID()}@example.com`,
        password: 'coinfall-e2e-secret',
        agreements: true,
        receiveEmailPromo: false,
        device: { type: 'desktop' },
      },
    });
    const { accessToken } = (await response.json()) as { accessToken: string };
    const url = baseURL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3457';
    await context.addCookies([
      { name: 'access_token', value: accessToken, url, httpOnly: false, sameSite: 'Lax' },
    ]);
    // The standing answered (everything allowed), so the section's absence is its decision.
    const answered = page.waitForResponse((r) =>
      r.url().includes('/api/player/protection/jurisdiction'),
    );
    await visit('/profile/wallet');
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('region', { name: 'Your accounts' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What is available where you are' })).toHaveCount(
      0,
    );
  });
});
