import type { APIRequestContext, Page } from '@playwright/test';
import {
  LOYALTY_COINS_PER_POINT,
  STORED_ALERTS_STORAGE_KEY,
  type LoyaltyLevelList,
  type PlayerQuest,
  type PlayerQuestList,
  type RetentionAccount,
} from '@coinfall/shared';
import { expect, expectSubscribed, operatorHeaders, registerAndLogin, test } from './fixtures';

/**
 * Issue 15's site: quests that move live from the pushes, the loyalty ladder and a new
 * sublevel after play, the guest's ladder. Rounds are played through the RGS API (as
 * games.spec.ts does) while the page under test watches: nothing on it is reloaded.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function playerIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

/** Tasks dice rounds alone complete: so many rounds, or so much staked. */
const DICE_TASKS = new Set(['play-rounds', 'wager']);

/** A manual quest of the new player's that dice rounds alone complete (the seeded demo set). */
async function manualDiceQuest(request: APIRequestContext, token: string): Promise<PlayerQuest> {
  const answer = await request.get('/api/retention/player-quests?state[]=1&perPage=100', {
    headers: auth(token),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as PlayerQuestList;
  const quest = data.find(
    (q) =>
      q.playerPackageId === null &&
      q.tasks.length > 0 &&
      q.tasks.every((task) => DICE_TASKS.has(task.kind)) &&
      new Set(q.tasks.flatMap((task) => (task.currency ? [task.currency] : []))).size <= 1,
  );
  expect(quest, 'a manual quest of dice-playable tasks in the demo set').toBeDefined();
  return quest!;
}

interface DiceSession {
  headers: Record<string, string>;
  betLevels: number[];
}

/** Makes `currency` the active account and opens a dice game session. */
async function diceSession(
  request: APIRequestContext,
  token: string,
  currency: string,
): Promise<DiceSession> {
  const accounts = (await (
    await request.get('/api/wallet/accounts', { headers: auth(token) })
  ).json()) as {
    data: { id: string; currency: string; isActive?: boolean }[];
  };
  const account = accounts.data.find((a) => a.currency === currency);
  expect(account, `a ${currency} account`).toBeDefined();
  const switched = await request.put(`/api/wallet/accounts/${account!.id}/switch`, {
    headers: auth(token),
  });
  expect(switched.ok(), await switched.text()).toBe(true);
  const launch = await request.post('/api/game/games/dice/play', {
    headers: auth(token),
    data: { device: 'desktop' },
  });
  expect(launch.status(), await launch.text()).toBe(200);
  const { launchUrl } = (await launch.json()) as { launchUrl: string };
  const headers = { authorization: `GameSession ${launchUrl.split('#token=')[1]}` };
  const session = await request.post('/api/rgs/session', { headers });
  expect(session.ok(), await session.text()).toBe(true);
  const { betLevels } = (await session.json()) as { betLevels: number[] };
  return { headers, betLevels };
}

async function playDice(
  request: APIRequestContext,
  session: DiceSession,
  rounds: number,
  bet: number,
) {
  for (let i = 0; i < rounds; i++) {
    const round = await request.post('/api/rgs/rounds', {
      headers: { ...session.headers, 'idempotency-key': crypto.randomUUID() },
      data: { bet, params: { target: 50.5, direction: 'over' } },
    });
    expect(round.status(), await round.text()).toBe(200);
  }
}

/** Marks the document; the mark is gone if the page reloads. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eNoReload: boolean }).e2eNoReload = true;
  });
}
async function expectNoReload(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload),
  ).toBe(true);
}

/**
 * The titles of the notifications kept for the popover (stored alerts, newest first). Read from
 * storage: several alerts come at once (other quests complete with the same rounds), their
 * toasts queue, and on a phone they lie over the header's bell.
 */
function storedAlertTitles(page: Page): Promise<string[]> {
  return page.evaluate((key) => {
    const list = JSON.parse(window.localStorage.getItem(key) ?? '[]') as { title: string }[];
    return list.map((alert) => alert.title);
  }, STORED_ALERTS_STORAGE_KEY);
}

test.describe('quests', () => {
  for (const viewport of VIEWPORTS) {
    test(`a new player activates a manual quest, plays dice and sees the bar move and the reward arrive (${viewport.name})`, async ({
      page,
      context,
      request,
      visit,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const player = await registerAndLogin(context, request);
      const quest = await manualDiceQuest(request, player.accessToken);
      const task = quest.tasks[0]!;
      const currency = quest.tasks.find((t) => t.currency)?.currency ?? 'GC';

      await visit('/quests/list');
      await markDocument(page);
      const card = page.getByTestId('quest').filter({ hasText: quest.name.en });
      // A loaded machine may take a while to hydrate and read the lists.
      await expect(card).toHaveAttribute('data-state', '1', { timeout: 15_000 });
      await expect(card.getByRole('progressbar')).toHaveCount(quest.tasks.length);
      await card.getByRole('button', { name: 'Activate' }).click();
      await expect(card).toHaveAttribute('data-state', '2');
      await expect(card.getByRole('status')).toHaveText(
        'Quest activated. Your progress counts from now.',
      );
      const bar = card.getByRole('progressbar', { name: task.name.en });
      await expect(bar).toHaveAttribute('aria-valuenow', '0');
      await expectSubscribed(page, `retention:quests#${playerIdOf(player.accessToken)}`);

      if (currency === 'SC') {
        const credit = await request.post(
          `/api/dev/players/${playerIdOf(player.accessToken)}/sweeps-credit`,
          {
            headers: operatorHeaders(),
            data: { amount: 100_000, playedThrough: true, requestKey: crypto.randomUUID() },
          },
        );
        expect(credit.ok(), await credit.text()).toBe(true);
      }
      const session = await diceSession(request, player.accessToken, currency);
      // The least bet that stakes every wager task within the rounds the round tasks ask for.
      const roundsAsked = Math.max(
        1,
        ...quest.tasks.filter((t) => t.kind === 'play-rounds').map((t) => t.target),
      );
      const wagerAsked = Math.max(
        0,
        ...quest.tasks.filter((t) => t.kind === 'wager').map((t) => t.target),
      );
      const bet =
        session.betLevels.find((level) => level * roundsAsked >= wagerAsked) ??
        Math.max(...session.betLevels);
      // One round: the bar moves by the push, without a reload.
      await playDice(request, session, 1, bet);
      await expect(bar).not.toHaveAttribute('aria-valuenow', '0');

      const rounds = Math.max(
        ...quest.tasks.map((t) => (t.kind === 'wager' ? Math.ceil(t.target / bet) : t.target)),
      );
      await playDice(request, session, rounds - 1, bet);
      // Completed, then awarded: the quest leaves the active list, the reward is paid, and the
      // alerts are kept in the notifications (toasts come and go with the other alerts).
      await expect(card).toHaveCount(0, { timeout: 15_000 });
      await expect
        .poll(() => storedAlertTitles(page), { timeout: 30_000 })
        .toContain('Quest reward received');

      await page.getByRole('link', { name: 'Achievements' }).click();
      const achievement = page.getByTestId('achievement').filter({ hasText: quest.name.en });
      await expect(achievement).toBeVisible();
      await expect(achievement).toContainText('Received on');
      await expectNoReload(page);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe('loyalty', () => {
  test('the loyalty page shows a new sublevel after enough play, with the level-up alert', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const player = await registerAndLogin(context, request);
    const account = (await (
      await request.get('/api/retention/account', { headers: auth(player.accessToken) })
    ).json()) as RetentionAccount;
    const next = account.nextSublevel;
    expect(next, 'a sublevel above a new player').not.toBeNull();

    await visit('/loyalty');
    await markDocument(page);
    const current = page.getByTestId('loyalty-current');
    await expect(current).toContainText(account.currentSublevel.label, { timeout: 15_000 });
    await expect(page.getByRole('banner').getByTestId('level-badge')).toBeVisible({
      timeout: 15_000,
    });
    // The level-up alert comes with the push: play only once the page listens for it.
    await expectSubscribed(page, `retention:accounts#${playerIdOf(player.accessToken)}`);

    // Dice is an original: so many whole SC staked per point (decision 029's weights).
    const stake = (next!.points - account.points) * LOYALTY_COINS_PER_POINT.SC.original * 100;
    const credit = await request.post(
      `/api/dev/players/${playerIdOf(player.accessToken)}/sweeps-credit`,
      {
        headers: operatorHeaders(),
        data: { amount: stake * 2, playedThrough: true, requestKey: crypto.randomUUID() },
      },
    );
    expect(credit.ok(), await credit.text()).toBe(true);
    const session = await diceSession(request, player.accessToken, 'SC');
    const bet = Math.max(...session.betLevels.filter((level) => level <= stake));
    await playDice(request, session, Math.ceil(stake / bet), bet);

    await expect(current).toContainText(next!.sublevelLabel, { timeout: 15_000 });
    await expect(
      page.locator('[data-testid="loyalty-sublevel"][data-standing="current"]'),
    ).toContainText(next!.sublevelLabel);
    await expect
      .poll(() => storedAlertTitles(page), { timeout: 30_000 })
      .toContain('New loyalty level!');
    await expectNoReload(page);
    expect(consoleErrors).toEqual([]);
  });

  for (const viewport of VIEWPORTS) {
    test(`a guest sees the ladder with a call to sign up (${viewport.name})`, async ({
      page,
      request,
      visit,
      consoleErrors,
    }) => {
      await page.setViewportSize(viewport);
      const { data: levels } = (await (
        await request.get('/api/retention/levels')
      ).json()) as LoyaltyLevelList;
      expect(levels.length).toBeGreaterThan(0);

      await visit('/loyalty');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loyalty program');
      await expect(page.getByTestId('loyalty-level')).toHaveCount(levels.length);
      await expect(page.getByTestId('loyalty-sublevel')).toHaveCount(
        levels.reduce((n, level) => n + level.sublevels.length, 0),
      );
      await expect(page.getByTestId('loyalty-position')).toHaveCount(0);
      const call = page.getByTestId('guest-call');
      await call.getByRole('link', { name: 'Sign up' }).click();
      await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe('vip', () => {
  test('a guest sees the VIP programme; a player sees where they stand', async ({
    page,
    context,
    request,
    visit,
  }) => {
    await visit('/vip');
    await expect(page.getByTestId('vip-programme')).toBeVisible();
    await expect(page.getByTestId('vip-yours')).toHaveCount(0);
    await registerAndLogin(context, request);
    await visit('/vip');
    await expect(page.getByTestId('vip-yours')).toContainText('You are not in the VIP club yet');
  });
});
