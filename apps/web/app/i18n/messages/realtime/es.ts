import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const es = {
  statusConnected: 'Actualizaciones en vivo: conectado',
  statusConnecting: 'Actualizaciones en vivo: conectando',
  statusDisconnected: 'Actualizaciones en vivo: sin conexión',

  winnersTitle: 'Últimos ganadores',
  topWinnersTitle: 'Mayores premios de hoy',
  winnersEmpty: 'Los grandes premios de los jugadores aparecerán aquí en vivo.',
  activityTitle: 'Actividad en vivo',
  activityEmpty: 'Los premios de los juegos aparecerán aquí en cuanto ocurran.',
  boardLoading: 'Cargando…',
  boardFailed: 'No se pudo cargar.',
  retry: 'Reintentar',
  winRow: '{nickname} ganó {amount} en {game}',
  multiplier: '×{multiplier}',
  newActivity: '{nickname} acaba de ganar {amount} en {game}',
} satisfies LocaleTexts<typeof en>;

export default es;
