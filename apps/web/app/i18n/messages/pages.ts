import { defineMessages } from '../i18n.tsx';
import type en from './pages/en.ts';

/** Page titles and the empty states pages show until their feature issue fills them. */
export const pageMessages = await defineMessages<typeof en>(
  'pages',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./pages/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./pages/*.ts', { import: 'default' }),
);
