import { defineMessages } from '../bundle-loading.ts';
import type en from './alerts/en.ts';

/** The toast region's own texts; alert titles and descriptions come from the alerts content. */
export const alertMessages = await defineMessages<typeof en>(
  'alerts',
  import.meta.glob('./alerts/*.ts'),
);
