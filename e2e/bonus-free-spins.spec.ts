import type { Page } from '@playwright/test';
import { engineOf } from '@coinfall/shared/games/index';
import { hmacFloats } from '@coinfall/shared/games/testing/hmac-floats';
import { expect, operatorHeaders, registerAndLogin, test } from './fixtures';

/**
 * Issue 14's last journey: the free spins of a code played in their slot, their win becoming a
 * bonus with its wagering progress. Outcomes are provably fair, so the test picks them the only
 * honest way: the sandbox operator starts the player's next seed pair with seeds the test chose
 * (POST /api/dev/players/{id}/fairness/seeds, decision 032), after computing that the pair's
 * first spin wins and none of the ten opens the slot's own feature (ten clicks, ten rounds).
 */
const SERVER_SEED = 'c0'.repeat(32);
const SPINS = 10;
const SLOT = engineOf('slot:frosty-fortunes')!;

function winningClientSeed(): string {
  for (let i = 0; i < 5_000; i++) {
    const clientSeed = `e2e-free-spins-${i}`;
    const steps = Array.from({ length: SPINS }, (_, nonce) =>
      SLOT.start(hmacFloats(SERVER_SEED, clientSeed, nonce), 10_000, {}),
    );
    if (steps[0]!.payout > 0 && steps.every((s) => s.done)) return clientSeed;
  }
  throw new Error('no client seed found');
}

const playerIdOf = (accessToken: string) =>
  (
    JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
      sub: string;
    }
  ).sub;

async function applyCode(page: Page, code: string) {
  const form = page.getByTestId('bonus-code-form');
  await form.getByLabel('Bonus code').fill(code);
  await form.getByRole('button', { name: 'Apply code' }).click();
  await expect(form.getByTestId('bonus-code-message')).toHaveText(/applied/);
}

test('plays the free spins of a slot and sees the win become a bonus with progress', async ({
  page,
  context,
  request,
  visit,
}) => {
  test.setTimeout(120_000);
  const player = await registerAndLogin(context, request);
  await visit('/profile/bonuses');
  await applyCode(page, 'FROSTY10');
  const spins = page.getByTestId('free-spins');
  await spins.getByRole('button', { name: 'Activate your free spins in Frosty Fortunes' }).click();
  await expect(
    spins.getByRole('link', { name: 'Play your free spins in Frosty Fortunes' }),
  ).toBeVisible();

  const chosen = await request.post(
    `/api/dev/players/${playerIdOf(player.accessToken)}/fairness/seeds`,
    {
      headers: operatorHeaders(),
      data: { serverSeed: SERVER_SEED, clientSeed: winningClientSeed() },
    },
  );
  expect(chosen.ok(), await chosen.text()).toBe(true);

  await spins.getByRole('link', { name: 'Play your free spins in Frosty Fortunes' }).click();
  await expect(page).toHaveURL(/\/games\/frosty-fortunes(\?|$)/);
  const frame = page.frameLocator('iframe[title$=": game"]');
  const left = frame.getByTestId('game-free-spins');
  await expect(left).toContainText(`${SPINS} free spins left`, { timeout: 15_000 });
  const spin = frame.getByTestId('slot-spin');
  for (let played = 1; played <= SPINS; played++) {
    await expect(spin).toBeEnabled({ timeout: 10_000 });
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/rgs/rounds'),
    );
    await spin.click();
    expect((await answer).status()).toBe(200);
    if (played < SPINS) await expect(left).toContainText(`${SPINS - played} free spins left`);
  }
  // The spins are over: their win is a bonus to wager, shown in the game and on the bonus page.
  await expect(left).toHaveCount(0);
  await expect(frame.getByTestId('game-bonus')).toContainText(
    /Bonus [\d,.]+ GC · wagering 0 GC of [\d,.]+ GC/,
  );

  await visit('/profile/bonuses');
  const bonus = page.getByTestId('player-bonus').first();
  await expect(bonus).toBeVisible();
  await expect(bonus.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
});
