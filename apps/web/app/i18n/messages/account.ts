import { defineMessages } from '../bundle-loading.ts';
import type en from './account/en.ts';

/**
 * Texts of the account flows (features/account): password reset, email confirmation, terms,
 * phone verification, account removal and social login, including the social callback page.
 */
export const accountMessages = await defineMessages<typeof en>(
  'account',
  import.meta.glob('./account/*.ts'),
);
