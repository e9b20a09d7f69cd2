import { defineMessages } from '../bundle-loading.ts';
import type en from './redeem/en.ts';

/** Texts of the redeem, redeem-limits, W-9 and withdraw modals, the wallet tracker and history. */
export const redeemMessages = await defineMessages<typeof en>(
  'redeem',
  import.meta.glob('./redeem/*.ts'),
);

export type RedeemTexts = Record<keyof (typeof redeemMessages)['en'], string>;
