import { defineMessages } from '../i18n.tsx';
import type en from './redeem/en.ts';

/** Texts of the redeem, redeem-limits, W-9 and withdraw modals, the wallet tracker and history. */
export const redeemMessages = await defineMessages<typeof en>(
  'redeem',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./redeem/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./redeem/*.ts', { import: 'default' }),
);

export type RedeemTexts = Record<keyof (typeof redeemMessages)['en'], string>;
