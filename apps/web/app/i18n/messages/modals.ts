import { defineMessages } from '../i18n.tsx';
import type en from './modals/en.ts';

/** Texts of every modal (spec §2 "Modals") and of the account forms inside them. */
export const modalMessages = await defineMessages<typeof en>(
  'modals',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./modals/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./modals/*.ts', { import: 'default' }),
);

export type ModalText = keyof typeof modalMessages.en;
