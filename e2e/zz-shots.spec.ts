import { expect, registerAndLogin, test } from './fixtures';
const GAMES = ['dice','limbo','plinko','mines','keno','hi-lo','blackjack','roulette','frosty-fortunes','lucky-clover','neon-nights','pharaohs-vault','dragon-hoard'];
for (const vp of [{ w: 390, h: 844 }, { w: 1440, h: 900 }]) {
  test(`shots ${vp.w}`, async ({ page, context, request, visit }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: vp.w, height: vp.h });
    await registerAndLogin(context, request);
    for (const g of GAMES) {
      await visit(`/games/${g}`);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByTestId('game-frame')).toBeVisible({ timeout: 15000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/pe-shots/${vp.w}-${g}.png` });
    }
  });
}
