import { defineMessages } from '../i18n.tsx';
import type en from './account/en.ts';

/**
 * Texts of the account flows (features/account): password reset, email confirmation, terms,
 * phone verification, account removal and social login, including the social callback page.
 */
export const accountMessages = await defineMessages<typeof en>(
  'account',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./account/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./account/*.ts', { import: 'default' }),
);
