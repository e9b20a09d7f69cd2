import type { LocaleTexts } from '../../i18n.tsx';
import type en from './en.ts';

const ptBr = {
  loading: 'Carregando…',
  loadFailed: 'Não foi possível carregar.',
  retry: 'Tentar novamente',
  menuLabel: 'Saldo e contas',
  menuButton: 'Saldo: {balance}',
  menuNoActive: 'Saldo',
  menuEmpty: 'Você não tem contas para mostrar.',
  getCoins: 'Obter moedas',
  withdraw: 'Sacar',
  withdrawLabel: 'Sacar da conta {currency}',
  manageAccounts: 'Gerenciar contas',
  equivalentOf: '≈ {amount}',

  accountsTitle: 'Suas contas',
  accountsIntro:
    'Você joga com a conta ativa. Troque para outra quando quiser ou oculte a que não usa.',
  accountsEmpty: 'Você ainda não tem contas.',
  colCurrency: 'Moeda',
  colBalance: 'Saldo',
  colEquivalent: 'Valor em {currency}',
  colStatus: 'Status',
  colActions: 'Ações',
  active: 'Ativa',
  hidden: 'Oculta',
  visible: 'Visível',
  switch: 'Trocar',
  switchLabel: 'Tornar {currency} a conta ativa',
  switched: 'Sua conta ativa agora é {currency}.',
  switchFailed: 'Não foi possível trocar de conta. Tente novamente.',
  hide: 'Ocultar',
  hideLabel: 'Ocultar a conta em {currency}',
  hideActiveHint: 'A conta ativa não pode ser ocultada. Troque para outra conta antes.',
  hiddenDone: 'A conta em {currency} está oculta.',
  hideFailed: 'Não foi possível ocultar a conta. Tente novamente.',

  addTitle: 'Adicionar uma conta',
  addIntro: 'Abra uma conta em outra moeda. Você pode ter uma conta por moeda.',
  addField: 'Moeda',
  addPlaceholder: 'Escolha uma moeda',
  addSubmit: 'Adicionar conta',
  adding: 'Adicionando…',
  added: 'Sua conta em {currency} está aberta.',
  addExists: 'Você já tem uma conta nesta moeda.',
  addInvalid: 'Não é possível abrir contas nesta moeda.',
  addRequired: 'Escolha uma moeda',
  addFailed: 'Não foi possível abrir a conta. Tente novamente.',
  addNone: 'Você já tem uma conta em cada moeda disponível.',

  standingTitle: 'O que está disponível onde você está',
  standingIntro: 'Pelas regras de sorteios de {place}:',
  standingFromLocation: 'Lemos o seu local pela última localização enviada pelo seu dispositivo.',
  standingFromConnection: 'Lemos o seu local pela sua conexão de internet.',
  standingNoSweepsPlay:
    'Jogar com Sweeps Coins não está disponível. Você ainda pode jogar com Gold Coins. As recompensas que você ganhar aqui (moedas de boas-vindas, recompensas de fidelidade, rakeback, recompensas de missões) chegam sem as Sweeps Coins.',
  standingNoBonuses: 'Bônus não estão disponíveis. Você ainda pode comprar moedas, sem bônus.',
  standingNoRedemptions: 'Resgates de Sweeps Coins não estão disponíveis.',
  standingWindDown:
    'Resgates de Sweeps Coins continuam abertos aqui até {date}; depois disso, terminam.',
} satisfies LocaleTexts<typeof en>;

export default ptBr;
