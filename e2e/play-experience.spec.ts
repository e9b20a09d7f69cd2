import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerAndLogin, test } from './fixtures';

/**
 * Getting coins and playing (issue 20, the game side), on a desktop and a phone: the game frame
 * fits the screen, the out-of-coins message leads to the store, the game follows the header's
 * currency, and the game client speaks the page's language.
 */
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Every game and the button that plays it (the board is the frame's stage). */
const GAMES: readonly (readonly [string, RegExp])[] = [
  ['dice', /^Roll$/],
  ['limbo', /^Play$/],
  ['plinko', /^Play$/],
  ['mines', /^Start$/],
  ['keno', /^Play$/],
  ['hi-lo', /^Deal$/],
  ['blackjack', /^Deal$/],
  ['roulette', /^Spin$/],
  ['frosty-fortunes', /^Spin$/i],
  ['lucky-clover', /^Spin$/i],
  ['neon-nights', /^Spin$/i],
  ['pharaohs-vault', /^Spin$/i],
  ['dragon-hoard', /^Spin$/i],
];

const gameFrame = (page: Page) => page.frameLocator('iframe[title$=": game"]');

/** Whether a box lies inside the viewport, as the player sees it (no scrolling). */
async function expectOnScreen(
  page: Page,
  box: { x: number; y: number; width: number; height: number } | null,
  what: string,
) {
  const viewport = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(viewport.width + 0.5);
}

for (const viewport of VIEWPORTS) {
  test.describe(`playing on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("every game's action button and board show together without scrolling", async ({
      page,
      context,
      request,
      visit,
    }) => {
      test.setTimeout(240_000);
      await registerAndLogin(context, request);
      for (const [game, action] of GAMES) {
        await visit(`/games/${game}`);
        const frame = gameFrame(page);
        const button = frame.getByRole('button', { name: action }).first();
        await expect(button, game).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('game-loader')).toHaveCount(0);
        // The scaled board settles once its size is measured.
        await expect
          .poll(
            async () =>
              (await frame.getByTestId('game-stage').locator(':scope > div').boundingBox())
                ?.height ?? 0,
          )
          .toBeGreaterThan(50);
        expect(await page.evaluate(() => window.scrollY), game).toBe(0);
        await expectOnScreen(page, await button.boundingBox(), `${game} action button`);
        const board = frame.getByTestId('game-stage').locator(':scope > div > div');
        await expectOnScreen(page, await board.boundingBox(), `${game} board`);
      }
    });

    test("the game's out-of-coins message gets coins from the store", async ({
      page,
      context,
      request,
      visit,
    }) => {
      test.setTimeout(90_000);
      const player = await registerAndLogin(context, request);
      await switchTo(request, player.accessToken, 'SC');
      await visit('/games/dice');
      const frame = gameFrame(page);
      // The welcome coins are 2 SC: a 5 SC bet is more than the player has.
      await expect(frame.getByTestId('game-balance')).toHaveText('2 SC', { timeout: 30_000 });
      await frame.getByLabel('Bet', { exact: true }).selectOption({ label: '5 SC' });
      await frame.getByRole('button', { name: 'Roll' }).click();
      const notice = frame.getByTestId('game-error');
      await expect(notice).toContainText("You don't have enough coins for this bet.");
      await expect(notice).not.toContainText('INSUFFICIENT_FUNDS');
      await notice.getByRole('link', { name: 'Get coins' }).click();
      // The store opens over the game page, which stays where it was; a new player's first
      // step in it is the profile the store needs before a purchase.
      await expect(page.getByRole('dialog', { name: 'Complete your profile' })).toContainText(
        'before you can buy coins',
      );
      expect(new URL(page.url()).pathname).toBe('/games/dice');
    });

    test('switching to Sweeps Coins in the header changes the open game’s currency', async ({
      page,
      context,
      request,
      visit,
    }) => {
      test.setTimeout(90_000);
      await registerAndLogin(context, request);
      await visit('/games/dice');
      const frame = gameFrame(page);
      await expect(frame.getByTestId('game-balance')).toHaveText('10,000 GC', {
        timeout: 30_000,
      });
      await page.getByRole('banner').getByTestId('currency-nav').click();
      await page.getByRole('button', { name: 'Make SC the active account' }).click();
      await expect(gameFrame(page).getByTestId('game-balance')).toHaveText('2 SC');
      await expect(gameFrame(page).getByLabel('Bet', { exact: true })).toHaveValue('20');
    });
  });
}

test.describe('the game client in the page’s language', () => {
  for (const [locale, roll, balance, slots] of [
    ['es', 'Tirar', 'Saldo', 'Tragamonedas'],
    ['pt-br', 'Rolar', 'Saldo', 'Caça-níqueis'],
  ] as const) {
    for (const viewport of VIEWPORTS) {
      test(`/${locale} on a ${viewport.name}: translated, numbers as the locale writes them`, async ({
        page,
        context,
        request,
        visit,
      }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await registerAndLogin(context, request);
        await visit(`/${locale}/games/dice`);
        const iframe = page.locator('iframe[title$="game"], iframe[title*="Dice"]').first();
        await expect(iframe).toHaveAttribute('src', new RegExp(`^/${locale}/play/dice#token=`), {
          timeout: 30_000,
        });
        const frame = page.frameLocator('iframe');
        await expect(frame.getByRole('button', { name: roll })).toBeVisible({ timeout: 30_000 });
        await expect(frame.getByText(`${balance}:`)).toBeVisible();
        // 10,000 GC written the Spanish and Brazilian way.
        await expect(frame.getByTestId('game-balance')).toHaveText(/^10\.000\sGC$/);
        // The lobby names its collections in the locale too.
        await visit(`/${locale}/games`);
        await expect(page.getByRole('link', { name: slots, exact: true })).toBeVisible();
      });
    }
  }
});

/** Makes the player's account in `currency` the active one, through the API. */
async function switchTo(request: APIRequestContext, accessToken: string, currency: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const accounts = await request.get('/api/wallet/accounts', { headers });
  const { data } = (await accounts.json()) as { data: { id: string; currency: string }[] };
  const account = data.find((a) => a.currency === currency);
  const switched = await request.put(`/api/wallet/accounts/${account?.id ?? ''}/switch`, {
    headers,
  });
  expect(switched.ok(), await switched.text()).toBe(true);
}
