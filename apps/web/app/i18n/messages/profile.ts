import { defineMessages } from '../bundle-loading.ts';
import type en from './profile/en.ts';

/** Texts of the player's profile area (/profile/info, security, limits) and the profile form. */
export const profileMessages = await defineMessages<typeof en>(
  'profile',
  import.meta.glob('./profile/*.ts'),
);
