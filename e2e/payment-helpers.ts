import type { APIRequestContext, Locator } from '@playwright/test';
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

/** Adds a card in the card-info modal shown in `dialog`; it goes back where it came from. */
export async function addCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Add a card' }).click();
  await expect(dialog).toHaveAttribute('data-modal-key', 'card-info');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await dialog.getByLabel('Security code (CVV)').fill('123');
  await dialog.getByLabel('Name on card').fill('Ada Lovelace');
  await dialog.getByRole('button', { name: 'Save card' }).click();
}

/** Survives in-page updates and vanishes with any reload or full navigation. */
export const NO_RELOAD_MARKER = '__coinfallNoReload';
