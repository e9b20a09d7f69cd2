import { defineMessages } from '../bundle-loading.ts';
import type en from './modals/en.ts';

/** Texts of every modal (spec §2 "Modals") and of the account forms inside them. */
export const modalMessages = await defineMessages<typeof en>(
  'modals',
  import.meta.glob('./modals/*.ts'),
);

export type ModalText = keyof typeof modalMessages.en;
