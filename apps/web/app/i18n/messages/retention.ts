import { defineMessages } from '../bundle-loading.ts';
import type en from './retention/en.ts';

/** Texts of /quests, /loyalty, /vip, the header's level and the loyalty reward modal. */
export const retentionMessages = await defineMessages<typeof en>(
  'retention',
  import.meta.glob('./retention/*.ts'),
);

export type RetentionTexts = typeof en;
