import { defineMessages } from '../i18n.tsx';
import type en from './payments/en.ts';

/** Texts of the bundles, purchase, payment, card-info, deposit and fiat modals and /payments. */
export const paymentMessages = await defineMessages<typeof en>(
  'payments',
  // The server renders any locale, so it holds them all; the browser loads only the active one.
  import.meta.env.SSR
    ? import.meta.glob('./payments/*.ts', { eager: true, import: 'default' })
    : import.meta.glob('./payments/*.ts', { import: 'default' }),
);
