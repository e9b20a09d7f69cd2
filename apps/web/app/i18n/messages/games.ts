import { defineMessages } from '../bundle-loading.ts';
import type en from './games/en.ts';

/** Texts of the lobby, game page, favourites, recently played, fairness and round history. */
export const gamesMessages = await defineMessages<typeof en>(
  'games',
  import.meta.glob('./games/*.ts'),
);

export type GamesTexts = (typeof gamesMessages)['en'];
