import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  regionLabel: 'Notificações',
  dismiss: 'Dispensar notificação',
  view: 'Ver',
  fallbackTitle: 'Notificação',
} satisfies LocaleTexts<typeof en>;

export default ptBr;
