import { defineMessages } from '../bundle-loading.ts';
import type en from './protection/en.ts';

/** Texts of breaks and self-exclusion (issue 16): the /profile/limits section and /excluded. */
export const protectionMessages = await defineMessages<typeof en>(
  'protection',
  import.meta.glob('./protection/*.ts'),
);

export type ProtectionTexts = typeof en;
