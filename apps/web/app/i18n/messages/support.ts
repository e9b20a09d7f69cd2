import { defineMessages } from '../bundle-loading.ts';
import type en from './support/en.ts';

/** Texts of the live-support chat widget (issue 18) and the Blocked and Excluded pages' button. */
export const supportMessages = await defineMessages<typeof en>(
  'support',
  import.meta.glob('./support/*.ts'),
);

export type SupportTexts = typeof en;
