import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  loading: 'Cargando…',
  loadFailed: 'No se pudo cargar.',
  retry: 'Reintentar',
  menuLabel: 'Saldo y cuentas',
  menuButton: 'Saldo: {balance}',
  menuNoActive: 'Saldo',
  menuEmpty: 'No tienes cuentas para mostrar.',
  getCoins: 'Conseguir monedas',
  withdraw: 'Retirar',
  withdrawLabel: 'Retirar de la cuenta {currency}',
  manageAccounts: 'Gestionar cuentas',
  equivalentOf: '≈ {amount}',

  accountsTitle: 'Tus cuentas',
  accountsIntro:
    'Juegas con la cuenta activa. Cambia a otra cuando quieras u oculta la que no uses.',
  accountsEmpty: 'Todavía no tienes cuentas.',
  colCurrency: 'Moneda',
  colBalance: 'Saldo',
  colEquivalent: 'Valor en {currency}',
  colStatus: 'Estado',
  colActions: 'Acciones',
  active: 'Activa',
  hidden: 'Oculta',
  visible: 'Visible',
  switch: 'Cambiar',
  switchLabel: 'Hacer de {currency} la cuenta activa',
  switched: 'Tu cuenta activa ahora es {currency}.',
  switchFailed: 'No se pudo cambiar de cuenta. Inténtalo de nuevo.',
  hide: 'Ocultar',
  hideLabel: 'Ocultar la cuenta en {currency}',
  hideActiveHint: 'La cuenta activa no se puede ocultar. Cambia antes a otra cuenta.',
  hiddenDone: 'La cuenta en {currency} está oculta.',
  hideFailed: 'No se pudo ocultar la cuenta. Inténtalo de nuevo.',

  addTitle: 'Añadir una cuenta',
  addIntro: 'Abre una cuenta en otra moneda. Puedes tener una cuenta por moneda.',
  addField: 'Moneda',
  addPlaceholder: 'Elige una moneda',
  addSubmit: 'Añadir cuenta',
  adding: 'Añadiendo…',
  added: 'Tu cuenta en {currency} está abierta.',
  addExists: 'Ya tienes una cuenta en esta moneda.',
  addInvalid: 'No se pueden abrir cuentas en esta moneda.',
  addRequired: 'Elige una moneda',
  addFailed: 'No se pudo abrir la cuenta. Inténtalo de nuevo.',
  addNone: 'Ya tienes una cuenta en cada moneda disponible.',

  standingTitle: 'Qué está disponible donde te encuentras',
  standingIntro: 'Según las reglas de sorteos de {place}:',
  standingFromLocation: 'Tomamos tu ubicación de la última que envió tu dispositivo.',
  standingFromConnection: 'Tomamos tu ubicación de tu conexión a internet.',
  standingNoSweepsPlay:
    'No se puede jugar con Sweeps Coins. Puedes seguir jugando con Gold Coins. Las recompensas que ganes aquí (monedas de bienvenida, recompensas de fidelidad, rakeback, recompensas de misiones) llegan sin sus Sweeps Coins.',
  standingNoBonuses: 'Los bonos no están disponibles. Puedes seguir comprando monedas, sin bono.',
  standingNoRedemptions: 'Los canjes de Sweeps Coins no están disponibles.',
  standingWindDown:
    'Los canjes de Sweeps Coins siguen abiertos aquí hasta el {date}; después terminan.',
} satisfies LocaleTexts<typeof en>;

export default es;
