import { defineMessages } from '../i18n.tsx';

/** Texts of the live connection status and the winners and activity boards. */
export const realtimeMessages = defineMessages({
  en: {
    statusConnected: 'Live updates: connected',
    statusConnecting: 'Live updates: connecting',
    statusDisconnected: 'Live updates: offline',

    winnersTitle: 'Latest winners',
    topWinnersTitle: 'Top winners today',
    winnersEmpty: 'Big wins from players will show up here live.',
    activityTitle: 'Live activity',
    activityEmpty: 'Wins from the games will show up here as they happen.',
    boardLoading: 'Loading…',
    boardFailed: 'This could not be loaded.',
    retry: 'Try again',
    winRow: '{nickname} won {amount} on {game}',
    multiplier: '×{multiplier}',
    newActivity: '{nickname} just won {amount} on {game}',
  },
  es: {
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
  },
  'pt-br': {
    statusConnected: 'Atualizações ao vivo: conectado',
    statusConnecting: 'Atualizações ao vivo: conectando',
    statusDisconnected: 'Atualizações ao vivo: offline',

    winnersTitle: 'Últimos vencedores',
    topWinnersTitle: 'Maiores prêmios de hoje',
    winnersEmpty: 'Os grandes prêmios dos jogadores aparecerão aqui ao vivo.',
    activityTitle: 'Atividade ao vivo',
    activityEmpty: 'Os prêmios dos jogos aparecerão aqui assim que acontecerem.',
    boardLoading: 'Carregando…',
    boardFailed: 'Não foi possível carregar.',
    retry: 'Tentar novamente',
    winRow: '{nickname} ganhou {amount} em {game}',
    multiplier: '×{multiplier}',
    newActivity: '{nickname} acabou de ganhar {amount} em {game}',
  },
});
