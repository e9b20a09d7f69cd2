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
  errorBlockedDescription:
    'El acceso a tu cuenta ha sido restringido según nuestros Términos del servicio.',
  errorBlockedLabel: 'El Centro de ayuda explica cuándo se puede restringir una cuenta.',
  errorButton: 'Volver al inicio',
  errorBlockedButton: 'Visitar el Centro de ayuda',
} satisfies LocaleTexts<typeof en>;

export default es;
