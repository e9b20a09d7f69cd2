import { defineMessages } from '../bundle-loading.ts';
import type en from './shell/en.ts';

/**
 * Texts of the site frame: header, drawer, footer, menus and guards. Only the server imports
 * this bundle; the page gets the current locale's texts through the root loader (useShellText).
 */
export const shellMessages = await defineMessages<typeof en>(
  'shell',
  import.meta.glob('./shell/*.ts'),
);
