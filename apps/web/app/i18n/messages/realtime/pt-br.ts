import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
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
} satisfies LocaleTexts<typeof en>;

export default ptBr;
