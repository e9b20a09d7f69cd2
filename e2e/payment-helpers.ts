import type { APIRequestContext, Locator } from '@playwright/test';
import { questDefinitionListSchema } from '@coinfall/shared/contracts/retention';
import { expect } from './fixtures';

/** Fills the player's profile through the API, so the payment modals are not gated (spec §6). */
export async function completeProfile(
  request: APIRequestContext,
  accessToken: string,
): Promise<void> {
  const response = await request.put('/api/player/profile', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+12125550100',
      address: '350 Fifth Avenue',
      city: 'New York',
      region: 'NY',
      country: 'US',
      postalCode: '10001',
      birthdate: '1990-05-01',
    },
  });
  expect(response.status()).toBe(200);
}

/** Fills the card form shown in `dialog` (the expiry typed as digits: the mask adds the slash). */
async function fillCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await expect(dialog.getByLabel('Expiry date (MM/YY)')).toHaveValue('12/34');
  await dialog.getByLabel('Security code (CVV)').fill('123');
  await dialog.getByLabel('Name on card').fill('Ada Lovelace');
}

/** Adds a card in the card-info modal shown in `dialog`; it goes back where it came from. */
export async function addCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Add a card' }).click();
  await expect(dialog).toHaveAttribute('data-modal-key', 'card-info');
  await fillCard(dialog, number);
  await dialog.getByRole('button', { name: 'Save card' }).click();
}

/**
 * Pays a bundle with a new card, in one step: a player with no saved card gets the card form in
 * the checkout itself, and its Pay saves the card and pays.
 */
export async function payWithNewCard(dialog: Locator, number: string): Promise<void> {
  await expect(dialog).toHaveAttribute('data-modal-key', 'purchase');
  await expect(dialog.getByRole('group', { name: 'Your card' })).toBeVisible();
  await fillCard(dialog, number);
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

/** Survives in-page updates and vanishes with any reload or full navigation. */
export const NO_RELOAD_MARKER = '__coinfallNoReload';

/**
 * The Gold Coins a player's first purchase also earns through the live quests (a quest with a
 * purchase task and a coins reward, issue 15), read from the public catalogue: the header shows
 * them once the quest is paid, shortly after the purchase.
 */
export async function firstPurchaseQuestCoins(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/retention/quests?perPage=100');
  expect(res.status()).toBe(200);
  const { data } = questDefinitionListSchema.parse(await res.json());
  return data
    .filter((q) => q.tasks.length === 1 && q.tasks[0]!.kind === 'purchase')
    .reduce(
      (sum, q) =>
        q.reward.kind === 'coins' && q.reward.currency === 'GC' ? sum + q.reward.amount : sum,
      0,
    );
}
