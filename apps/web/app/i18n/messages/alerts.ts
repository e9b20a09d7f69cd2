import { defineMessages } from '../i18n.tsx';
import type en from './alerts/en.ts';

/** The toast region's own texts; alert titles and descriptions come from the alerts content. */
export const alertMessages = await defineMessages<typeof en>(
  'alerts',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./alerts/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./alerts/*.ts', { import: 'default' }),
);
