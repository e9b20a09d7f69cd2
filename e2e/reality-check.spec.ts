import type { APIRequestContext, BrowserContext } from '@playwright/test';
import type { RealityCheckState } from '@coinfall/shared';
import { expect, registerAndLogin, settle, test } from './fixtures';

/**
 * Issue 16's reality check (decision 036): the player chooses a 15-minute interval on
 * /profile/limits, plays dice rounds, and on the game page the site's clock (Playwright's) is
 * moved on: the dialog shows the session's time and result; "Keep playing" answers it, and a
 * reload does not bring it back. The server's clock is not moved: the site's timer decides when
 * to show, the server keeps the session and the answers.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token the site holds now (it refreshes it once its own clock says it is old). */
async function currentToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  expect(cookie, 'the access_token cookie').toBeDefined();
  return cookie!.value;
}

/** Plays `rounds` GC dice rounds at the lowest bet; answers what they staked and paid. */
async function playDice(request: APIRequestContext, token: string, rounds: number) {
  const launch = await request.post('/api/game/games/dice/play', {
    headers: auth(token),
    data: { device: 'desktop' },
  });
  expect(launch.status(), await launch.text()).toBe(200);
  const { launchUrl, currency } = (await launch.json()) as { launchUrl: string; currency: string };
  expect(currency).toBe('GC');
  const headers = { authorization: `GameSession ${launchUrl.split('#token=')[1]}` };
  const session = await request.post('/api/rgs/session', { headers });
  const { betLevels } = (await session.json()) as { betLevels: number[] };
  let staked = 0;
  let won = 0;
  for (let i = 0; i < rounds; i++) {
    const answer = await request.post('/api/rgs/rounds', {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: { bet: betLevels[0], params: { target: 50.5, direction: 'over' } },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const { round } = (await answer.json()) as { round: { bet: number; payout: number } };
    staked += round.bet;
    won += round.payout;
  }
  return { staked, won, net: won - staked };
}

/** The net as the dialog shows it in English ("+10 GC", "−19.8 GC"). */
function netText(net: number): string {
  const amount = `${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(Math.abs(net) / 100)} GC`;
  return net > 0 ? `+${amount}` : net < 0 ? `−${amount}` : amount;
}

test.describe('reality checks', () => {
  test('a 15-minute reality check shows the session’s time and result, and "Keep playing" answers it for good', async ({
    page,
    context,
    request,
    baseURL,
    visit,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const { accessToken } = await registerAndLogin(context, request, baseURL);
    // The site's clock runs from now, faked so the test can move it on.
    await page.clock.install();

    await visit('/profile/limits');
    const section = page.getByRole('region', { name: 'Reality checks' });
    await section.getByLabel('Remind me every').selectOption({ label: '15 minutes' });
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('status')).toHaveText(
      'Saved: a reality check every 15 minutes.',
    );

    const result = await playDice(request, accessToken, 3);
    // The page times the check from when it read the state: moving the clock on before that
    // read lands would time it from the moved clock (a slow machine's race, seen once on CI).
    const stateRead = page.waitForResponse(
      (r) => r.url().endsWith('/protection/reality-check') && r.request().method() === 'GET',
    );
    await visit('/games/dice');
    await (await stateRead).finished();
    const dialog = page.getByRole('dialog', { name: 'Reality check' });
    await expect(dialog).toBeHidden();

    await page.clock.fastForward('16:00');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/You have been playing for 1[67] minutes\./);
    const line = dialog.locator('li[data-currency="GC"]');
    await expect(line).toContainText(netText(result.net));
    await expect(dialog.getByRole('button', { name: 'Keep playing' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Stop playing' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Set a limit' })).toBeVisible();

    // The focus stays inside the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }

    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/reality-check/acknowledge') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Keep playing' }).click();
    expect((await answered).status()).toBe(200);
    await expect(dialog).toBeHidden();

    // The answer is the server's: a reload (and a few more minutes) does not bring it back.
    await page.reload();
    await settle(page);
    await page.clock.fastForward('05:00');
    await expect(dialog).toBeHidden();
    const state = await request.get('/api/player/protection/reality-check', {
      headers: auth(await currentToken(context)),
    });
    const body = (await state.json()) as RealityCheckState;
    expect(body.intervalMinutes).toBe(15);
    expect(Date.parse(body.nextCheckAt!)).toBeGreaterThanOrEqual(
      Date.parse(body.session!.startedAt) + 30 * 60_000,
    );
    expect(body.session?.results).toEqual([{ currency: 'GC', ...result }]);
    // The reload renders on the server at its time while the site's clock runs 16 minutes
    // ahead: a time the page shows may then differ at hydration (React #418). And the jump fires
    // the realtime client's ping timers at once: a ping may race the socket's close, which the
    // browser logs (it reconnects; seen once on CI). Nothing else.
    const clockJump = ['React error #418', 'WebSocket is already in CLOSING or CLOSED state'];
    expect(consoleErrors.filter((e) => !clockJump.some((known) => e.includes(known)))).toEqual([]);
  });

  test('a session-time limit is set in minutes on /profile/limits and listed with the others', async ({
    page,
    context,
    request,
    baseURL,
    visit,
  }) => {
    await registerAndLogin(context, request, baseURL);
    await visit('/profile/limits');
    const section = page.getByRole('region', { name: 'Your limits' });
    await section.getByLabel('What to limit').selectOption({ label: 'Time played' });
    await expect(section).toContainText('a pause of over 30 minutes ending one');
    await section.getByLabel('Minutes').fill('2000');
    await section.getByRole('button', { name: 'Set limit' }).click();
    await expect(
      section.getByText('Enter a whole number of minutes, from 1 to 1440.'),
    ).toBeVisible();
    await section.getByLabel('Minutes').fill('90');
    await section.getByRole('button', { name: 'Set limit' }).click();
    const row = section.locator('[data-testid="limit-row"][data-type="session-time"]');
    await expect(row).toContainText('Daily time played limit');
    await expect(row).toContainText('90 min');
    await expect(section.getByRole('status')).toHaveText(
      'Your daily time played limit is set and applies now.',
    );
  });
});
