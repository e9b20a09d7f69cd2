import { defineMessages } from '../bundle-loading.ts';
import type en from './pages/en.ts';

/** Page titles and the empty states pages show until their feature issue fills them. */
export const pageMessages = await defineMessages<typeof en>(
  'pages',
  import.meta.glob('./pages/*.ts'),
);
