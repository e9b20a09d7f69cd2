import { randomUUID } from 'node:crypto';
import type { GameEngine, Step } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PostingInput } from '../ledger/ledger.fns.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { engineRuleOf, ledgerKeyOf } from './rgs.fns.ts';
import type { RoundsRepo } from './rounds.repo.ts';

/** Runs an engine step; its rule refusals become 400 GAME_RULE with the engine's code. */
export function runEngine<S>(step: () => Step<S>): Step<S> {
  try {
    return step();
  } catch (err) {
    const rule = engineRuleOf(err);
    if (rule) throw new AppError('GAME_RULE', rule.message, { rule: rule.code });
    throw err;
  }
}

export const engineOrFail = (
  engineOf: (key: string) => GameEngine | undefined,
  key: string,
): GameEngine => {
  const engine = engineOf(key);
  if (!engine) throw new AppError('SERVICE_UNAVAILABLE', 'This game cannot be played right now');
  return engine;
};

export const newRoundId = () => randomUUID();

/** A booked posting of a round, recorded in game_round_postings once the round row exists. */
export interface RoundPosting {
  transactionId: string;
  kind: 'bet' | 'extra_bet' | 'win' | 'round' | 'refund';
}

export interface PostedRound {
  id: string;
  playerId: string;
  accountId: string;
  currency: string;
  /** The player's bonus account, when part of a stake is paid from (or a win paid to) it. */
  bonusAccountId?: string | null;
}

/** How much of an amount moves in the cash account and how much in the bonus account. */
export interface Split {
  cash: number;
  bonus: number;
}

const allCash = (amount: number): Split => ({ cash: amount, bonus: 0 });

type HouseAccountOf = (tx: Database, currency: string) => Promise<{ id: string }>;
export type PostingStep = 'bet' | 'win' | 'round' | 'refund' | `extra:${number}`;

/**
 * The ledger posting of a round's step: `player` is what the player's cash and bonus accounts
 * gain (negative: pay), the bankroll (`house`, needed unless they sum to 0) takes the rest; a
 * zero part is no entry. One posting per step, whatever the accounts (issue 14).
 */
export function postingOf(
  round: PostedRound,
  step: PostingStep,
  player: Split,
  house: string | null,
  metadata: Record<string, unknown> = {},
): PostingInput {
  const total = player.cash + player.bonus;
  const entries = [];
  if (player.cash !== 0) {
    entries.push({
      account: { accountId: round.accountId },
      currency: round.currency,
      amount: player.cash,
    });
  }
  if (player.bonus !== 0) {
    if (!round.bonusAccountId) throw new Error(`round ${round.id}: a bonus move, no account`);
    entries.push({
      account: { accountId: round.bonusAccountId },
      currency: round.currency,
      amount: player.bonus,
    });
  }
  if (total !== 0) {
    if (!house) throw new Error(`round ${round.id}: a bankroll move, no bankroll`);
    entries.push({ account: { accountId: house }, currency: round.currency, amount: -total });
  }
  return {
    idempotencyKey: ledgerKeyOf(round.id, step),
    kind: step === 'round' || step === 'refund' ? step : total < 0 ? 'bet' : 'win',
    playerId: round.playerId,
    entries,
    metadata: { roundId: round.id, ...metadata },
  };
}

/**
 * The metadata of a step that stakes and settles at once (one netted posting): both amounts, and
 * each one's bonus part when a bonus paid or got any.
 */
export function nettedMetadata(stake: Split, win: Split): Record<string, unknown> {
  const bet = stake.cash + stake.bonus;
  const won = win.cash + win.bonus;
  return stake.bonus === 0 && win.bonus === 0
    ? { bet, win: won }
    : { bet, win: won, bonusBet: stake.bonus, bonusWin: win.bonus };
}

/**
 * The postings of a round's step: stakes (player → house bankroll) and wins (house → player),
 * or, for a step that stakes and settles at once, one netted posting (decision 015). With an
 * active bonus a posting has a bonus-account entry beside the cash one (issue 14): still one
 * posting per step.
 */
export function createRoundPostings(deps: {
  ledger: Pick<LedgerService, 'post'>;
  rounds: Pick<RoundsRepo, 'insertPosting'>;
  /** The house bankroll of a currency (created on first use). */
  houseAccount: HouseAccountOf;
}) {
  /**
   * Bankroll ids by currency, kept once the transaction that found them committed: ledger
   * accounts are never deleted nor re-keyed (decision 010), so an id never goes stale.
   */
  const bankrolls = new Map<string, string>();

  async function bankroll(
    tx: Database,
    currency: string,
    onCommit: (effect: () => void) => void,
  ): Promise<{ accountId: string }> {
    const known = bankrolls.get(currency);
    if (known) return { accountId: known };
    const { id } = await deps.houseAccount(tx, currency);
    onCommit(() => bankrolls.set(currency, id));
    return { accountId: id };
  }

  /** `player`: what the player's accounts gain (negative: pay); the bankroll takes the rest. */
  async function book(
    tx: Database,
    round: PostedRound,
    step: PostingStep,
    player: Split,
    onCommit: (effect: () => void) => void,
    metadata: Record<string, unknown> = {},
  ): Promise<string> {
    const total = player.cash + player.bonus;
    const house = total === 0 ? null : (await bankroll(tx, round.currency, onCommit)).accountId;
    const { transaction } = await deps.ledger.post(
      tx,
      postingOf(round, step, player, house, metadata),
    );
    return transaction.transactionId;
  }

  async function post(
    tx: Database,
    round: PostedRound,
    step: 'bet' | 'win' | 'refund' | `extra:${number}`,
    amount: number | Split,
    onCommit: (effect: () => void) => void = () => undefined,
    metadata: Record<string, unknown> = {},
  ): Promise<RoundPosting> {
    const credit = step === 'win' || step === 'refund';
    const split = typeof amount === 'number' ? allCash(amount) : amount;
    const player = credit ? split : { cash: -split.cash, bonus: -split.bonus };
    const transactionId = await book(tx, round, step, player, onCommit, metadata);
    const kind = step.startsWith('extra:') ? 'extra_bet' : (step as RoundPosting['kind']);
    return { transactionId, kind };
  }

  return {
    post,
    bankroll,

    /**
     * A step that stakes `stake` and pays `win` at once: one posting of the difference (player
     * win − stake, bankroll stake − win), its metadata naming both; the round row keeps them
     * apart. The caller has checked, holding the player's row, that the balance covers the
     * stake (every debit queues on that row), so a winning stake is never played on credit; the
     * ledger still refuses a balance below zero. When they cancel out, two postings (a zero
     * entry is no entry). With a bonus, `stake` and `win` say what each account pays and gets.
     */
    async settle(
      tx: Database,
      round: PostedRound,
      stake: number | Split,
      win: number | Split,
      onCommit: (effect: () => void) => void,
    ): Promise<RoundPosting[]> {
      const s = typeof stake === 'number' ? allCash(stake) : stake;
      const w = typeof win === 'number' ? allCash(win) : win;
      const stakeTotal = s.cash + s.bonus;
      const winTotal = w.cash + w.bonus;
      if (stakeTotal === winTotal) {
        const postings = [await post(tx, round, 'bet', s, onCommit)];
        if (winTotal > 0) postings.push(await post(tx, round, 'win', w, onCommit));
        return postings;
      }
      const net = { cash: w.cash - s.cash, bonus: w.bonus - s.bonus };
      const metadata = nettedMetadata(s, w);
      const transactionId = await book(tx, round, 'round', net, onCommit, metadata);
      return [{ transactionId, kind: 'round' }];
    },

    async record(tx: Database, roundId: string, postings: RoundPosting[]): Promise<void> {
      for (const x of postings) await deps.rounds.insertPosting(tx, { roundId, ...x });
    },
  };
}
export type RoundPostings = ReturnType<typeof createRoundPostings>;
