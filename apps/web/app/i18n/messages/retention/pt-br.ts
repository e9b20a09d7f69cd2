import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  loading: 'Carregando…',
  loadFailed: 'Não foi possível carregar.',
  retry: 'Tentar de novo',
  previous: 'Anterior',
  next: 'Próxima',
  page: 'Página {page} de {pages}',
  pagination: 'Páginas',
  signIn: 'Entrar',
  signUp: 'Cadastrar-se',

  chainsTitle: 'Sequências de missões',
  singleTitle: 'Missões',
  activating: 'Ativando…',
  activateFailed: 'Não foi possível ativar esta missão: ela pode ter terminado ou já estar ativa.',
  activated: 'Missão ativada. Seu progresso conta a partir de agora.',
  taskProgress: '{progress} de {target}',
  stepOf: 'Etapa {step}: {name}',
  lockedNotReached: 'Abre quando você terminar a etapa anterior.',
  lockedEnded: 'Esta etapa não pode mais ser feita.',
  chainReward: 'Recompensa da sequência',
  awardedOn: 'Recebida em {date}',
  completedOn: 'Concluída em {date}',
  time_days: '{days} d {hours} h',
  time_hours: '{hours} h {minutes} min',
  time_minutes: '{minutes} min {seconds} s',
  reward_points: '{points} pontos de fidelidade',
  reward_bonus: 'Bônus: {name}',
  reward_freespins: 'Giros grátis: {name}',

  positionTitle: 'Sua posição',
  points: '{points} pontos',
  sublevelFrom: 'A partir de {points} pontos',
  levelsTitle: 'Níveis',
  vipBadge: 'VIP',
  current: 'Você está aqui',
  reached: 'Alcançado',
  noReward: 'Sem recompensa',
  rewardFreeSpins: '{count} giros grátis em {game}',
  rewardWagering: 'jogue {times}× antes de resgatar',
  earnTitle: 'Como você ganha pontos',
  earnSweeps:
    'Sweeps Coins: 1 ponto a cada {slot} SC jogados em caça-níqueis, {original} SC em originais, {table} SC em jogos de mesa.',
  earnGold:
    'Moedas de Ouro: 1 ponto a cada {slot} GC jogados em caça-níqueis, {original} GC em originais, {table} GC em jogos de mesa.',
  earnPurchase: 'Compras: {points} pontos a cada US$1 de um pacote de Moedas de Ouro concluído.',
  earnQuests: 'Missões: algumas missões dão pontos de fidelidade.',
  earnNeverDown:
    'Os pontos do jogo nunca diminuem, e cada recompensa de subnível é dada uma única vez.',
  signUpCall: 'Crie uma conta para começar a ganhar pontos e subir de nível.',
  headerLevel: 'Nível de fidelidade: {level}, {sublevel}',

  vipProgrammeTitle: 'Níveis VIP',
  vipDailyBonus: 'Bônus diário: {percent}% do valor base',
  vipRakeback:
    'Rakeback: {percent}% da vantagem da casa das suas apostas liquidadas, creditado todo dia às {hour}:00 UTC como um bônus para resgatar',
  vipHost: 'Um anfitrião pessoal para contatar',
  vipNoHost: 'Sem anfitrião pessoal',
  vipYours: 'Seus benefícios',
  vipNotYet:
    'Você ainda não está no clube VIP. Alcance {level} na escada de fidelidade para entrar.',
  vipRakebackAccrued: 'Rakeback acumulado hoje: {amounts}',
  vipRakebackNone: 'Ainda não há rakeback desde o último crédito.',
  vipNextCredit: 'Próximo crédito: {date}',
  vipHostTitle: 'Seu anfitrião pessoal',
  vipHostHours: 'Horário: {hours}',
  vipSeeLadder: 'Ver a escada de fidelidade',
  vipEmpty: 'O programa VIP não tem níveis no momento.',

  rewardModalTitle: 'Uma recompensa por alcançar {level}',
  rewardModalBonus: 'Alcançar {level} {sublevel} deu a você {name}. Encontre-o nos seus bônus.',
  rewardModalFreeSpins: 'Alcançar {level} {sublevel} deu a você {count} giros grátis em {game}.',
  rewardModalBonuses: 'Abrir meus bônus',
  rewardModalPlay: 'Jogar {game}',
} satisfies LocaleTexts<typeof en>;

export default ptBr;
