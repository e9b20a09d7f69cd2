import { defineMessages } from '../i18n.tsx';
import type en from './game-client/en.ts';

/** Texts of the game client (route /play/:identity and every game UI in it). */
export const gameClientMessages = await defineMessages<typeof en>(
  'game-client',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./game-client/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./game-client/*.ts', { import: 'default' }),
);

export type GameClientTexts = (typeof gameClientMessages)['en'];
