import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  siteName: 'Coinfall',
  skipToContent: 'Ir al contenido',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  mainNavigation: 'Navegación principal',
  drawerCompact: 'Contraer menú',
  drawerExpand: 'Expandir menú',
  signIn: 'Iniciar sesión',
  signUp: 'Registrarse',
  accountMenu: 'Menú de la cuenta',
  myAccount: 'Mi cuenta',
  profile: 'Perfil',
  wallet: 'Billetera',
  bonuses: 'Bonos',
  history: 'Historial',
  security: 'Seguridad',
  limits: 'Límites',
  getCoins: 'Conseguir monedas',
  logout: 'Cerrar sesión',
  notifications: 'Notificaciones',
  notificationsUnread: 'Notificaciones, {count} sin leer',
  notificationsEmpty: 'Aún no hay notificaciones. Aquí verás las novedades de pagos y canjes.',
  markAllRead: 'Marcar todo como leído',
  loginRequiredTitle: 'Es necesario iniciar sesión',
  loginRequiredText:
    'Esta página es parte de tu cuenta. Inicia sesión o crea una cuenta para verla.',
  footerNavigation: 'Pie de página',
  language: 'Idioma',
  previewBanner: 'Modo de vista previa: estás viendo contenido no publicado.',
} satisfies LocaleTexts<typeof en>;

export default es;
