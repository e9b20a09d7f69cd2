import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  regionLabel: 'Notificaciones',
  dismiss: 'Descartar notificación',
  view: 'Ver',
  fallbackTitle: 'Notificación',
} satisfies LocaleTexts<typeof en>;

export default es;
