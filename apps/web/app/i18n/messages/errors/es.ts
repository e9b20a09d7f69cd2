import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  pageNotFound: 'Página no encontrada: {path}',
  errorCode: 'Error {code}',
  error404Title: 'Página no encontrada',
  error404Description: 'La página que buscas no existe o se ha movido.',
  error403Title: 'Acceso denegado',
  error403Description: 'Tu sesión ha terminado o no tienes acceso a esta página.',
  error500Title: 'Algo salió mal',
  error500Description: 'No pudimos cargar esta página. Inténtalo de nuevo en un momento.',
  errorBlockedTitle: 'Tu cuenta está bloqueada',
  errorBlockedDescription: 'Ponte en contacto con nuestro equipo de soporte para saber más.',
  errorBlockedLabel: 'Nuestro equipo de soporte está disponible las 24 horas.',
  errorButton: 'Volver al inicio',
  errorBlockedButton: 'Contactar con soporte',
} satisfies LocaleTexts<typeof en>;

export default es;
