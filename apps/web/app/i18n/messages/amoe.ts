import { defineMessages } from '../bundle-loading.ts';
import type en from './amoe/en.ts';

/** Texts of free entry by mail (decision 035): the wallet page's section. */
export const amoeMessages = await defineMessages<typeof en>(
  'amoe',
  import.meta.glob('./amoe/*.ts'),
);

export type AmoeTexts = typeof en;
