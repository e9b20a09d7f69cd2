import { defineMessages } from '../bundle-loading.ts';
import type en from './bonus/en.ts';

/** Texts of /profile/bonuses, the daily bonus, /promotions and the bonus-code fields. */
export const bonusMessages = await defineMessages<typeof en>(
  'bonus',
  import.meta.glob('./bonus/*.ts'),
);

export type BonusTexts = typeof en;
