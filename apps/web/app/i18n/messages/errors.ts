import { defineMessages } from '../i18n';

/**
 * Error-page texts. Kept apart from the shell's texts because the error pages must render even
 * when the root loader (which carries the shell's texts) has failed.
 */
export const errorMessages = defineMessages({
  en: {
    pageNotFound: 'Page Not Found: {path}',
    errorCode: 'Error {code}',
    error404Title: 'Page not found',
    error404Description: 'The page you are looking for does not exist or has moved.',
    error403Title: 'Access denied',
    error403Description: 'Your session has ended or you do not have access to this page.',
    error500Title: 'Something went wrong',
    error500Description: 'We could not load this page. Please try again in a moment.',
    errorBlockedTitle: 'Your account is blocked',
    errorBlockedDescription: 'Please contact our support team to find out more.',
    errorBlockedLabel: 'Our support team is available around the clock.',
    errorButton: 'Back to home',
    errorBlockedButton: 'Contact support',
  },
  es: {
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
  },
  'pt-br': {
    pageNotFound: 'Página não encontrada: {path}',
    errorCode: 'Erro {code}',
    error404Title: 'Página não encontrada',
    error404Description: 'A página que você procura não existe ou foi movida.',
    error403Title: 'Acesso negado',
    error403Description: 'Sua sessão terminou ou você não tem acesso a esta página.',
    error500Title: 'Algo deu errado',
    error500Description: 'Não foi possível carregar esta página. Tente novamente em instantes.',
    errorBlockedTitle: 'Sua conta está bloqueada',
    errorBlockedDescription: 'Entre em contato com nossa equipe de suporte para saber mais.',
    errorBlockedLabel: 'Nossa equipe de suporte está disponível 24 horas por dia.',
    errorButton: 'Voltar ao início',
    errorBlockedButton: 'Falar com o suporte',
  },
});
