import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { WELCOME_COINS } from '@coinfall/shared';
import {
  balanceLabel,
  expect,
  expectSubscribed,
  operatorHeaders,
  registerAndLogin,
  test,
} from './fixtures';
import { NO_RELOAD_MARKER } from './payment-helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A player's SC in these tests: the welcome coins plus the first credit. */
const SC_START = WELCOME_COINS.SC + 10_000;

/** A logged-in player whose active SC account holds SC_START, so the header shows it. */
async function playerWithSweeps(
  context: BrowserContext,
  request: APIRequestContext,
): Promise<{ id: string }> {
  const player = await registerAndLogin(context, request);
  const me = await request.get('/api/player/profile', { headers: auth(player.accessToken) });
  const { id } = (await me.json()) as { id: string };
  // The welcome coins opened the SC account; make it the active one, so the header shows it.
  await creditSweeps(request, id, 10_000);
  const accounts = await request.get('/api/wallet/accounts', {
    headers: auth(player.accessToken),
  });
  const { data } = (await accounts.json()) as { data: { id: string; currency: string }[] };
  const sc = data.find((a) => a.currency === 'SC');
  const switched = await request.put(`/api/wallet/accounts/${sc?.id ?? ''}/switch`, {
    headers: auth(player.accessToken),
  });
  expect(switched.ok(), await switched.text()).toBe(true);
  return { id };
}

async function creditSweeps(request: APIRequestContext, id: string, amount: number) {
  const credited = await request.post(`/api/dev/players/${id}/sweeps-credit`, {
    headers: operatorHeaders(),
    data: { amount, playedThrough: true, requestKey: `e2e-${randomUUID()}` },
  });
  expect(credited.ok(), await credited.text()).toBe(true);
}

async function markNoReload(page: Page): Promise<void> {
  await page.evaluate((marker) => {
    (window as unknown as Record<string, boolean>)[marker] = true;
  }, NO_RELOAD_MARKER);
}

async function expectNoReload(page: Page): Promise<void> {
  expect(
    await page.evaluate(
      (marker) => (window as unknown as Record<string, boolean>)[marker],
      NO_RELOAD_MARKER,
    ),
  ).toBe(true);
}

test.describe('realtime', () => {
  test("a push changes the player's header balance without a reload", async ({
    page,
    context,
    request,
    visit,
  }) => {
    const { id } = await playerWithSweeps(context, request);
    await visit('/');
    const balance = page.getByRole('banner').getByTestId('currency-nav');
    await expect(balance).toHaveAttribute('aria-label', balanceLabel(SC_START, 'SC'));
    await expectSubscribed(page, `wallet:accounts#${id}`);
    await markNoReload(page);

    await creditSweeps(request, id, 5_000);

    await expect(balance).toHaveAttribute('aria-label', balanceLabel(SC_START + 5_000, 'SC'), {
      timeout: 10_000,
    });
    await expectNoReload(page);
  });

  test('a credit made while the subscription is on its way is not lost', async ({
    page,
    context,
    request,
    visit,
  }) => {
    const { id } = await playerWithSweeps(context, request);
    // Hold the client's subscribe commands for the player's channels until the credit's push has
    // gone out to nobody: the page read its balance before, and only a read after subscribing
    // can show the credit. A frame may carry several commands, one per line (the connect and the
    // first subscribes together): only the player's subscribes are held.
    const mine = (command: string) => command.includes(`#${id}`);
    let holding = true;
    let release: () => void = () => undefined;
    const held: string[] = [];
    await page.routeWebSocket(/\/api\/connection\/websocket/, (socket) => {
      const server = socket.connectToServer();
      // Only the newest connection gets the held commands: after a reconnect, they are its own.
      held.length = 0;
      release = () => {
        holding = false;
        if (held.length > 0) server.send(held.splice(0).join('\n'));
      };
      socket.onMessage((frame) => {
        if (!holding || typeof frame !== 'string') return server.send(frame);
        const commands = frame.split('\n');
        held.push(...commands.filter(mine));
        const others = commands.filter((command) => !mine(command));
        if (others.length > 0) server.send(others.join('\n'));
      });
    });
    await visit('/');
    const balance = page.getByRole('banner').getByTestId('currency-nav');
    await expect(balance).toHaveAttribute('aria-label', balanceLabel(SC_START, 'SC'));
    await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await markNoReload(page);

    await creditSweeps(request, id, 5_000);
    // The outbox dispatcher polls every 100 ms: give the push time to be published unheard.
    await page.waitForTimeout(1_000);
    release();

    await expect(balance).toHaveAttribute('aria-label', balanceLabel(SC_START + 5_000, 'SC'), {
      timeout: 10_000,
    });
    await expectNoReload(page);
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
    // The boards were read on mount; only what is published after subscribing reaches them.
    await expectSubscribed(page, 'activity-board');
    await expectSubscribed(page, 'winners:desktop-US');

    const nickname = `e2e${randomUUID().slice(0, 8)}`;
    const round = await request.post('/api/dev/rounds', {
      headers: operatorHeaders(),
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
