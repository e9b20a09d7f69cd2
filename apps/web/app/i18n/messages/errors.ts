import { defineMessages } from '../i18n.tsx';
import type en from './errors/en.ts';

/**
 * Error-page texts. Kept apart from the shell's texts because the error pages must render even
 * when the root loader (which carries the shell's texts) has failed.
 */
export const errorMessages = await defineMessages<typeof en>(
  'errors',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./errors/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./errors/*.ts', { import: 'default' }),
);
