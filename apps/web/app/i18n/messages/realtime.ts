import { defineMessages } from '../bundle-loading.ts';
import type en from './realtime/en.ts';

/** Texts of the live connection status and the winners and activity boards. */
export const realtimeMessages = await defineMessages<typeof en>(
  'realtime',
  import.meta.glob('./realtime/*.ts'),
);
