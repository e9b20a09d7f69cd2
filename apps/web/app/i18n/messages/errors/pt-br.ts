import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  pageNotFound: 'Página não encontrada: {path}',
  errorCode: 'Erro {code}',
  error404Title: 'Página não encontrada',
  error404Description: 'A página que você procura não existe ou foi movida.',
  error403Title: 'Acesso negado',
  error403Description: 'Sua sessão terminou ou você não tem acesso a esta página.',
  error500Title: 'Algo deu errado',
  error500Description: 'Não foi possível carregar esta página. Tente novamente em instantes.',
  errorBlockedTitle: 'Sua conta está bloqueada',
  errorBlockedDescription:
    'O acesso à sua conta foi restringido conforme nossos Termos de Serviço.',
  errorBlockedLabel: 'A Central de ajuda explica quando uma conta pode ser restringida.',
  errorButton: 'Voltar ao início',
  errorBlockedButton: 'Visitar a Central de ajuda',
} satisfies LocaleTexts<typeof en>;

export default ptBr;
