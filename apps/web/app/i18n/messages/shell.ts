import { defineMessages } from '../i18n.tsx';
import type en from './shell/en.ts';

/**
 * Texts of the site frame: header, drawer, footer, menus and guards. Only the server imports
 * this bundle; the page gets the current locale's texts through the root loader (useShellText).
 */
export const shellMessages = await defineMessages<typeof en>(
  'shell',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./shell/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./shell/*.ts', { import: 'default' }),
);
