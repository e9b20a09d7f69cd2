import { defineMessages } from '../i18n.tsx';
import type en from './games/en.ts';

/** Texts of the lobby, game page, favourites, recently played, fairness and round history. */
export const gamesMessages = await defineMessages<typeof en>(
  'games',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./games/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./games/*.ts', { import: 'default' }),
);

export type GamesTexts = (typeof gamesMessages)['en'];
