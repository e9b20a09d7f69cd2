import { defineMessages } from '../bundle-loading.ts';
import type en from './payments/en.ts';

/** Texts of the bundles, purchase, payment, card-info, deposit and fiat modals and /payments. */
export const paymentMessages = await defineMessages<typeof en>(
  'payments',
  import.meta.glob('./payments/*.ts'),
);
