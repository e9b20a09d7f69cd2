import { defineMessages } from '../i18n.tsx';
import type en from './wallet/en.ts';

/** Texts of the balance menu in the header and the /profile/wallet page. */
export const walletMessages = await defineMessages<typeof en>(
  'wallet',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./wallet/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./wallet/*.ts', { import: 'default' }),
);
