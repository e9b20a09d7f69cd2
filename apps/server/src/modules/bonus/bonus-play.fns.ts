import { BonusStatus, FreeSpinStatus, type BonusContributions } from '@coinfall/shared';
import type { playerBonuses, playerFreeSpins } from '../../db/schema/index.ts';
import { progressAfter, splitWin, wageringContribution, type StakeSplit } from './bonus.fns.ts';

/**
 * What the game server does with an active bonus and free spins (issue 14), all pure: the
 * stake and win splits of a round, its wagering, and the free spin a round may play.
 */

export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
export type FreeSpinRow = typeof playerFreeSpins.$inferSelect;

/** An active bonus as a round reads it: its row, its definition's names, its bonus account. */
export interface ActiveBonus {
  row: PlayerBonusRow;
  slug: string;
  kind: string;
  /** The bonus ledger account (owner_kind 'bonus'); null while it has none. */
  accountId: string | null;
  balance: number;
}

/** A round's money with a bonus: what the cash and bonus accounts pay and get. */
export interface BonusRoundMoney {
  stake: { cash: number; bonus: number };
  win: { cash: number; bonus: number };
}

/**
 * The accounts a settled step's stake and win move: the stake cash first, then bonus; the win
 * follows the round's whole stake (`roundSplit`, this step's stake included).
 */
export function moneyOf(stake: StakeSplit, win: number, roundSplit: StakeSplit = stake) {
  const w = splitWin(win, roundSplit);
  return {
    stake: { cash: stake.fromCash, bonus: stake.fromBonus },
    win: { cash: w.toCash, bonus: w.toBonus },
  } satisfies BonusRoundMoney;
}

/** The contribution weight of a game kind (slot, original, table); 0 for an unknown kind. */
export function weightOf(contributions: BonusContributions, gameKind: string): number {
  return gameKind in contributions ? contributions[gameKind as keyof BonusContributions] : 0;
}

/** What a settled round does to its bonus: the progress, and whether the bonus now ends. */
export interface BonusAfterRound {
  wagered: number;
  balance: number;
  /**
   * `complete`: wagering is done (convert); `depleted`: the bonus balance is 0 (lost, unless an
   * open round still holds a bonus stake); null: it goes on.
   */
  end: 'complete' | 'depleted' | null;
  /** Whether `wagered` moved (an event to publish). */
  changed: boolean;
}

export function bonusAfterRound(
  bonus: { wagered: number; wageringRequired: number; contributions: BonusContributions },
  round: { stake: number; gameKind: string; bonusBalanceAfter: number },
): BonusAfterRound {
  const contribution = wageringContribution(
    round.stake,
    weightOf(bonus.contributions, round.gameKind),
  );
  const wagered = progressAfter(bonus.wagered, contribution, bonus.wageringRequired);
  const end =
    wagered >= bonus.wageringRequired
      ? 'complete'
      : round.bonusBalanceAfter === 0
        ? 'depleted'
        : null;
  return {
    wagered,
    balance: round.bonusBalanceAfter,
    end,
    changed: wagered !== bonus.wagered,
  };
}

/** Why a free spin cannot be played on this game session now; null: it can. */
export type FreeSpinRefusal = 'not-found' | 'other-game' | 'not-a-slot' | 'finished';

/**
 * A free spin plays one paid spin of a slot engine (`slot:*`): its start is the only stake, and
 * the free games a spin may trigger are acts that stake nothing. Games whose rounds stake again
 * (blackjack's doubles) or that are not slots take no free spins.
 */
export function freeSpinRefusal(
  spin: FreeSpinRow | null,
  session: { playerId: string; gameId: number; currency: string },
  game: { kind: string; engine: string },
  now: Date,
): FreeSpinRefusal | null {
  if (!spin || spin.playerId !== session.playerId) return 'not-found';
  if (spin.gameId !== session.gameId || spin.currency !== session.currency) return 'other-game';
  if (game.kind !== 'slot' || !game.engine.startsWith('slot:')) return 'not-a-slot';
  const live = spin.status === FreeSpinStatus.Issued || spin.status === FreeSpinStatus.Active;
  if (!live || spin.used >= spin.count || spin.expiresAt <= now) return 'finished';
  return null;
}

/**
 * A free spin after a round played it: `used + 1` when the round starts (`started`), its win
 * added once the round settles; an issued one becomes active on first use. `last`: this was
 * the last spin and it settled, so the free spins are paid now. Free spins canceled or expired
 * while their round was open keep their end: the round settles, its win is forfeited with them.
 */
export function freeSpinAfter(
  spin: FreeSpinRow,
  step: { started: boolean; settled: boolean; payout: number },
  now: Date,
): { row: FreeSpinRow; last: boolean } {
  const used = spin.used + (step.started ? 1 : 0);
  const live = spin.status === FreeSpinStatus.Issued || spin.status === FreeSpinStatus.Active;
  const row: FreeSpinRow = {
    ...spin,
    status: live ? FreeSpinStatus.Active : spin.status,
    activatedAt: spin.activatedAt ?? (live ? now : null),
    used,
    won: spin.won + (step.settled ? step.payout : 0),
  };
  return { row, last: live && step.settled && used >= spin.count };
}

/** Whether a bonus row is the active one (a round's bonus may have ended while it was open). */
export const isActive = (row: { status: number } | null | undefined): boolean =>
  row?.status === BonusStatus.Active;
