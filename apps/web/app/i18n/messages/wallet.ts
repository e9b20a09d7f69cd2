import { defineMessages } from '../bundle-loading.ts';
import type en from './wallet/en.ts';

/** Texts of the balance menu in the header and the /profile/wallet page. */
export const walletMessages = await defineMessages<typeof en>(
  'wallet',
  import.meta.glob('./wallet/*.ts'),
);
