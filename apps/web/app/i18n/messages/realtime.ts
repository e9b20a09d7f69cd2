import { defineMessages } from '../i18n.tsx';
import type en from './realtime/en.ts';

/** Texts of the live connection status and the winners and activity boards. */
export const realtimeMessages = await defineMessages<typeof en>(
  'realtime',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./realtime/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./realtime/*.ts', { import: 'default' }),
);
