import { defineMessages } from '../i18n.tsx';
import type en from './profile/en.ts';

/** Texts of the player's profile area (/profile/info, security, limits) and the profile form. */
export const profileMessages = await defineMessages<typeof en>(
  'profile',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./profile/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./profile/*.ts', { import: 'default' }),
);
