import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  siteName: 'Coinfall',
  skipToContent: 'Pular para o conteúdo',
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  mainNavigation: 'Navegação principal',
  drawerCompact: 'Recolher menu',
  drawerExpand: 'Expandir menu',
  signIn: 'Entrar',
  signUp: 'Cadastrar',
  accountMenu: 'Menu da conta',
  myAccount: 'Minha conta',
  profile: 'Perfil',
  wallet: 'Carteira',
  bonuses: 'Bônus',
  history: 'Histórico',
  security: 'Segurança',
  limits: 'Limites',
  getCoins: 'Obter moedas',
  logout: 'Sair',
  notifications: 'Notificações',
  notificationsUnread: 'Notificações, {count} não lidas',
  notificationsEmpty:
    'Nenhuma notificação ainda. Novidades de pagamentos e resgates aparecerão aqui.',
  markAllRead: 'Marcar tudo como lido',
  loginRequiredTitle: 'É necessário entrar',
  loginRequiredText: 'Esta página faz parte da sua conta. Entre ou crie uma conta para vê-la.',
  footerNavigation: 'Rodapé',
  language: 'Idioma',
  previewBanner: 'Modo de pré-visualização: você está vendo conteúdo não publicado.',
} satisfies LocaleTexts<typeof en>;

export default ptBr;
