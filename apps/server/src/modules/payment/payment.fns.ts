import type { LimitPeriod, PaymentMethod } from '@coinfall/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Purchase limits count over a rolling window ending now. */
const PERIOD_MS: Record<LimitPeriod, number> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

export function limitWindowStart(period: LimitPeriod, now: Date): Date {
  return new Date(now.getTime() - PERIOD_MS[period]);
}

/**
 * Whether one more invoice of `amountBase` fits a limit of `limitBase` given what the window
 * holds already (pending, processing and successful purchase and deposit invoices).
 */
export function fitsLimit(usedBase: number, amountBase: number, limitBase: number): boolean {
  return usedBase + amountBase <= limitBase;
}

/** Spec §9: a big-deposit alert when the 24 h successful deposits reach 300 base units. */
export const BIG_DEPOSIT_THRESHOLD_BASE = 30_000;
export const BIG_DEPOSIT_WINDOW_MS = DAY_MS;

/**
 * Where the hosted 3-D Secure step sends the player back when not framed: the site's
 * /payments/success|fail|processing pages; the provider fills {status} and adds
 * ?invoiceId=…&status=….
 */
export const PAYMENT_RETURN_PATH = '/payments/{status}';

/** The "add a card" method: no fields, the site opens the DirectCashier form for it. */
export const ADD_CARD_METHOD: PaymentMethod = {
  id: 'card',
  type: 'card',
  name: 'Add a card',
  currencies: ['USD'],
  minAmount: 100,
  maxAmount: 1_000_000,
  fields: [],
};

/** Crypto deposits: BTC in satoshi, ETH in gwei (the currencies' minor units). */
export const CRYPTO_METHODS: readonly PaymentMethod[] = [
  {
    id: 'crypto:BTC',
    type: 'crypto',
    name: 'Bitcoin',
    currencies: ['BTC'],
    minAmount: 10_000,
    maxAmount: 1_000_000_000,
    fields: [],
  },
  {
    id: 'crypto:ETH',
    type: 'crypto',
    name: 'Ether',
    currencies: ['ETH'],
    minAmount: 1_000_000,
    maxAmount: 100_000_000_000,
    fields: [],
  },
];

const money = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The Slack Block Kit message of a big-deposit alert. */
export function bigDepositMessage(input: {
  playerId: string;
  nickname: string | null;
  totalBase: number;
  baseCurrency: string;
  invoice: { id: string; amount: number; currency: string; type: string };
}) {
  return {
    text: `Big deposits: ${money(input.totalBase)} ${input.baseCurrency} in 24 h`,
    blocks: [
      {
        type: 'header',
        text: { type: 'plain_text', text: 'Big deposits in the last 24 h' },
      },
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: `*Player id*\n${input.playerId}` },
          { type: 'mrkdwn', text: `*Nickname*\n${input.nickname ?? '—'}` },
          {
            type: 'mrkdwn',
            text: `*24 h total*\n${money(input.totalBase)} ${input.baseCurrency}`,
          },
          {
            type: 'mrkdwn',
            text: `*Invoice*\n${input.invoice.id} (${input.invoice.type}, ${input.invoice.amount} ${input.invoice.currency} minor units)`,
          },
        ],
      },
    ],
  };
}

/**
 * The failure code of a purchase paid at the provider after its player took a break or
 * self-excluded (decision 036): no coins are credited; the refund job gives the payment back at
 * the provider (decision 046).
 */
export const PLAYER_EXCLUDED_FAILURE = 'player_excluded' as const;
