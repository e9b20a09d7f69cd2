import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  sectionTitle: 'Faça uma pausa ou autoexclua-se',
  sectionIntro:
    'Afaste-se do jogo por um tempo. Até terminar, você não pode entrar, jogar, comprar moedas, resgatar bônus nem resgatar prêmios. Ninguém pode encurtá-la, nem mesmo nossa equipe de suporte.',
  breakLegend: 'Fazer uma pausa',
  breakDay: '1 dia',
  breakDays: '{days} dias',
  exclusionLegend: 'Autoexcluir-me',
  exclusion_6m: '6 meses',
  exclusion_1y: '1 ano',
  exclusion_3y: '3 anos',
  exclusion_5y: '5 anos',
  exclusion_indefinite: 'Por tempo indeterminado',
  chooseOne: 'Escolha por quanto tempo',
  continue: 'Continuar',
  confirmTitle: 'Confirme, por favor',
  confirmEnds:
    'Você sairá agora em todos os dispositivos e não poderá entrar até {date}. Qualquer rodada de jogo aberta é reembolsada. Isso não pode ser encurtado.',
  confirmIndefinite:
    'Você sairá agora em todos os dispositivos e não poderá entrar. Uma autoexclusão por tempo indeterminado só é suspensa a seu pedido por escrito, não antes de 6 meses a partir de hoje, e 7 dias depois do pedido. Qualquer rodada de jogo aberta é reembolsada.',
  confirmButton: 'Sim, começar agora',
  cancel: 'Cancelar',
  failed: 'Não foi possível iniciar. Tente de novo.',
  starting: 'Iniciando…',

  excludedTitle: 'Você está fazendo uma pausa',
  excludedUntil: 'Sua conta abre de novo em {date}.',
  excludedIndefinite:
    'Sua autoexclusão não tem data de término. Ela pode ser suspensa a seu pedido por escrito, no mínimo 6 meses depois de começar.',
  excludedContact: 'Fale conosco',

  realitySectionTitle: 'Lembretes de realidade',
  realitySectionIntro:
    'Enquanto você joga, lembramos há quanto tempo você está jogando e quanto ganhou ou perdeu nesta sessão, e perguntamos se quer continuar. Uma sessão termina depois de 30 minutos sem nenhuma rodada.',
  realityIntervalLabel: 'Lembrar a cada',
  realityOff: 'Desativado',
  realityMinutes: '{minutes} minutos',
  realitySave: 'Salvar',
  realitySaved: 'Salvo: um lembrete de realidade a cada {minutes} minutos.',
  realitySavedOff: 'Salvo: os lembretes de realidade estão desativados.',
  realitySaveFailed: 'Não foi possível salvar. Tente novamente.',
  realityLoadFailed: 'Não foi possível carregar sua configuração de lembrete de realidade.',
  realityTitle: 'Lembrete de realidade',
  realityPlayedFor: 'Você está jogando há {time}.',
  realityResultTitle: 'Seu resultado nesta sessão',
  realityNoResult: 'Nenhuma rodada terminou ainda.',
  realityResultLine: 'Jogado {staked}, ganho {won}',
  realityQuestion: 'Quer continuar jogando?',
  realityContinue: 'Continuar jogando',
  realityStop: 'Parar de jogar',
  realitySetLimit: 'Definir um limite',
  realityFailed: 'Não foi possível salvar sua resposta. Tente novamente.',
} satisfies LocaleTexts<typeof en>;

export default ptBr;
