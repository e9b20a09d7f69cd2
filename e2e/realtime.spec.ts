import { randomUUID } from 'node:crypto';
import { expect, registerAndLogin, test } from './fixtures';
import { NO_RELOAD_MARKER } from './payment-helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe('realtime', () => {
  test("a push changes the player's header balance without a reload", async ({
    page,
    context,
    request,
    visit,
  }) => {
    const player = await registerAndLogin(context, request);
    const me = await request.get('/api/player/profile', { headers: auth(player.accessToken) });
    const { id } = (await me.json()) as { id: string };
    // A first credit opens the SC account; make it the active one, so the header shows it.
    const first = await request.post(`/api/dev/players/${id}/sweeps-credit`, {
      data: { amount: 10_000, playedThrough: true, requestKey: `e2e-${randomUUID()}` },
    });
    expect(first.ok(), await first.text()).toBe(true);
    const accounts = await request.get('/api/wallet/accounts', {
      headers: auth(player.accessToken),
    });
    const { data } = (await accounts.json()) as { data: { id: string; currency: string }[] };
    const sc = data.find((a) => a.currency === 'SC');
    const switched = await request.put(`/api/wallet/accounts/${sc?.id ?? ''}/switch`, {
      headers: auth(player.accessToken),
    });
    expect(switched.ok(), await switched.text()).toBe(true);

    await visit('/');
    const balance = page.getByRole('banner').getByTestId('currency-nav');
    await expect(balance).toHaveAttribute('aria-label', 'Balance: 100 SC');
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected', {
      timeout: 10_000,
    });
    await page.evaluate((marker) => {
      (window as unknown as Record<string, boolean>)[marker] = true;
    }, NO_RELOAD_MARKER);

    const credited = await request.post(`/api/dev/players/${id}/sweeps-credit`, {
      data: { amount: 5_000, playedThrough: true, requestKey: `e2e-${randomUUID()}` },
    });
    expect(credited.ok(), await credited.text()).toBe(true);

    await expect(balance).toHaveAttribute('aria-label', 'Balance: 150 SC', { timeout: 10_000 });
    expect(
      await page.evaluate(
        (marker) => (window as unknown as Record<string, boolean>)[marker],
        NO_RELOAD_MARKER,
      ),
    ).toBe(true);
  });

  test('a guest on the home page sees a settled round on the activity and winners boards', async ({
    page,
    request,
    visit,
  }) => {
    await visit('/');
    const activity = page.getByRole('region', { name: 'Live activity' });
    const winners = page.getByRole('region', { name: 'Latest winners' });
    await expect(activity).toBeVisible();
    await expect(winners).toBeVisible();
    await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected', {
      timeout: 10_000,
    });

    const nickname = `e2e${randomUUID().slice(0, 8)}`;
    const round = await request.post('/api/dev/rounds', {
      data: {
        nickname,
        gameId: 'e2e-slot',
        gameName: 'E2E Slot',
        currency: 'SC',
        bet: 100,
        payout: 10_000,
        device: 'desktop',
        country: 'US',
      },
    });
    expect(round.ok(), await round.text()).toBe(true);

    await expect(activity.getByRole('listitem').filter({ hasText: nickname })).toHaveCount(1, {
      timeout: 10_000,
    });
    // Winners boards are republished whole, debounced 3 s.
    await expect(winners.getByRole('listitem').filter({ hasText: nickname }).first()).toBeVisible({
      timeout: 15_000,
    });
  });
});
