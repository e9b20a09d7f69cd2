import { defineMessages } from '../bundle-loading.ts';
import type en from './game-client/en.ts';

/** Texts of the game client (route /play/:identity and every game UI in it). */
export const gameClientMessages = await defineMessages<typeof en>(
  'game-client',
  import.meta.glob('./game-client/*.ts'),
);

export type GameClientTexts = (typeof gameClientMessages)['en'];
