import { defineMessages } from '../i18n.tsx';

/** The toast region's own texts; alert titles and descriptions come from the alerts content. */
export const alertMessages = defineMessages({
  en: {
    regionLabel: 'Notifications',
    dismiss: 'Dismiss notification',
    view: 'View',
    fallbackTitle: 'Notification',
  },
  es: {
    regionLabel: 'Notificaciones',
    dismiss: 'Descartar notificación',
    view: 'Ver',
    fallbackTitle: 'Notificación',
  },
  'pt-br': {
    regionLabel: 'Notificações',
    dismiss: 'Dispensar notificação',
    view: 'Ver',
    fallbackTitle: 'Notificação',
  },
});
