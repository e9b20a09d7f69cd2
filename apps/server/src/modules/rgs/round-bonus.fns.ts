import type {
  LoyaltySublevelRef,
  BonusContributions,
  FreeSpinsReward,
  GameBonus,
  GameFreeSpins,
} from '@coinfall/shared';
import type { ActiveBonus, FreeSpinRow } from '../bonus/bonus-play.fns.ts';
import type { Split } from './round-step.ts';

export type { ActiveBonus, FreeSpinRow };

/** The active bonus as the game client shows it. */
export const gameBonusOf = (bonus: ActiveBonus, wagered: number, balance: number): GameBonus => ({
  id: bonus.row.id,
  balance,
  wagered,
  wageringRequired: bonus.row.wageringRequired,
  maxBet: bonus.row.maxBet,
});

/** Free spins as the game client shows them. */
export const gameFreeSpinsOf = (spin: {
  id: number;
  count: number;
  used: number;
  bet: number;
  won: number;
}): GameFreeSpins => ({
  id: spin.id,
  left: Math.max(0, spin.count - spin.used),
  bet: spin.bet,
  won: spin.won,
});

/**
 * An open round's first stake parts: the opening bet and the start's extra stake, each paid
 * cash first out of the stake's whole split.
 */
export function stakeParts(stake: Split, bet: number): [Split, Split] {
  const betCash = Math.min(bet, stake.cash);
  return [
    { cash: betCash, bonus: bet - betCash },
    { cash: stake.cash - betCash, bonus: stake.bonus - (bet - betCash) },
  ];
}

/**
 * Rows the start statement reads as to_jsonb(row): snake_case keys, bigints as numbers,
 * timestamps as ISO text.
 */
interface Common {
  id: number;
  player_id: string;
  bonus_id: number;
  status: number;
  result: number | null;
  currency: string;
  source: string;
  expires_at: string;
  issued_at: string;
  activated_at: string | null;
  finished_at: string | null;
  loyalty?: LoyaltySublevelRef | null;
}
interface BonusJson extends Common {
  amount: number;
  wagered: number;
  wagering_required: number;
  max_bet: number | null;
  contributions: BonusContributions;
  complete_within_hours: number;
  slug: string;
  kind: string;
  account_id: string | null;
  account_balance: number | string;
}
interface FreeSpinJson extends Common {
  game_id: number;
  count: number;
  used: number;
  bet: number;
  won: number;
  payout: FreeSpinsReward['payout'];
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

const commonOf = (j: Common) => ({
  id: Number(j.id),
  playerId: j.player_id,
  bonusId: Number(j.bonus_id),
  status: Number(j.status),
  result: j.result,
  currency: j.currency,
  source: j.source,
  expiresAt: new Date(j.expires_at),
  issuedAt: new Date(j.issued_at),
  activatedAt: dateOf(j.activated_at),
  finishedAt: dateOf(j.finished_at),
  loyalty: j.loyalty ?? null,
});

export function activeBonusOf(json: object): ActiveBonus {
  const j = json as BonusJson;
  return {
    row: {
      ...commonOf(j),
      amount: Number(j.amount),
      wagered: Number(j.wagered),
      wageringRequired: Number(j.wagering_required),
      maxBet: j.max_bet === null ? null : Number(j.max_bet),
      contributions: j.contributions,
      completeWithinHours: Number(j.complete_within_hours),
    },
    slug: j.slug,
    kind: j.kind,
    accountId: j.account_id,
    balance: Number(j.account_balance),
  };
}

export function freeSpinOf(json: object): FreeSpinRow {
  const j = json as FreeSpinJson;
  return {
    ...commonOf(j),
    gameId: Number(j.game_id),
    count: Number(j.count),
    used: Number(j.used),
    bet: Number(j.bet),
    won: Number(j.won),
    payout: j.payout,
  };
}
