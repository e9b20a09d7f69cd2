import { defineMessages } from '../bundle-loading.ts';
import type en from './errors/en.ts';

/**
 * Error-page texts. Kept apart from the shell's texts because the error pages must render even
 * when the root loader (which carries the shell's texts) has failed.
 */
export const errorMessages = await defineMessages<typeof en>(
  'errors',
  import.meta.glob('./errors/*.ts'),
);
