import { BonusResult, BonusStatus } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';

/**
 * The life of a player bonus and the money rules of wagering (issue 14), all pure. Amounts are
 * integer minor units of the bonus's currency.
 *
 * - **Stakes take cash first, then bonus.** The player's own money is at risk before the
 *   operator's gift: a player who never needed the bonus is never held by its wagering, and a
 *   bonus balance that reaches zero means the bonus was played away (result lost).
 * - **Wins follow the stake.** The part of a win that the bonus share of a stake produced goes to
 *   the bonus balance, rounded down; the remainder (at most one minor unit) goes to cash, so a
 *   split never creates or loses a unit.
 * - **Wagering counts settled stakes** times the game's contribution weight in percent, rounded
 *   down; a refunded stake takes back exactly what it counted.
 */

type BonusStatusValue = (typeof BonusStatus)[keyof typeof BonusStatus];
type BonusResultValue = (typeof BonusResult)[keyof typeof BonusResult];

export interface BonusState {
  status: BonusStatusValue;
  /** Set once the bonus is finished (spec §4: played, canceled, expired, lost); null before. */
  result: BonusResultValue | null;
}

/**
 * What can happen to a bonus: the player activates or cancels it, wagering completes, its time
 * runs out, or its balance reaches zero.
 */
export type BonusEvent = 'activate' | 'complete' | 'cancel' | 'expire' | 'deplete';

/** A transition the rules refuse; the service answers 409 CONFLICT with this reason. */
export class BonusTransitionError extends Error {
  override readonly name = 'BonusTransitionError';
  constructor(
    readonly from: BonusState,
    readonly event: BonusEvent,
  ) {
    super(refusalOf(from, event));
  }
}

function refusalOf(from: BonusState, event: BonusEvent): string {
  if (from.status === BonusStatus.Finished) return 'This bonus is finished';
  if (event === 'activate') return 'This bonus is active already';
  return 'This bonus is not active yet';
}

const finished = (result: BonusResultValue): BonusState => ({
  status: BonusStatus.Finished,
  result,
});

/**
 * The state after `event`. An issued bonus may be activated, canceled or expire; an active one
 * completes (played), is canceled, expires or is lost; a finished one is final.
 */
export function nextBonusState(from: BonusState, event: BonusEvent): BonusState {
  if (from.status === BonusStatus.Issued) {
    switch (event) {
      case 'activate':
        return { status: BonusStatus.Active, result: null };
      case 'cancel':
        return finished(BonusResult.Canceled);
      case 'expire':
        return finished(BonusResult.Expired);
      case 'complete':
      case 'deplete':
        break;
    }
  } else if (from.status === BonusStatus.Active) {
    switch (event) {
      case 'complete':
        return finished(BonusResult.Played);
      case 'cancel':
        return finished(BonusResult.Canceled);
      case 'expire':
        return finished(BonusResult.Expired);
      case 'deplete':
        return finished(BonusResult.Lost);
      case 'activate':
        break;
    }
  }
  throw new BonusTransitionError(from, event);
}

/** How a stake is paid: cash first, then the bonus balance. */
export interface StakeSplit {
  fromCash: number;
  fromBonus: number;
}

/** Null when cash and bonus together cannot cover the stake. */
export function splitStake(stake: number, cash: number, bonus: number): StakeSplit | null {
  assertMinor(stake, 'stake');
  if (cash + bonus < stake) return null;
  const fromCash = Math.min(stake, cash);
  return { fromCash, fromBonus: stake - fromCash };
}

/** Where a win on a split stake goes: the bonus share rounded down, the rest to cash. */
export function splitWin(win: number, stake: StakeSplit): { toCash: number; toBonus: number } {
  assertMinor(win, 'win');
  const total = stake.fromCash + stake.fromBonus;
  if (total === 0) return { toCash: win, toBonus: 0 };
  // BigInt: a large win times a large stake passes 2^53.
  const toBonus = Number((BigInt(win) * BigInt(stake.fromBonus)) / BigInt(total));
  return { toCash: win - toBonus, toBonus };
}

/** Wagering a settled stake counts for: stake × weight %, rounded down (weight 0–100). */
export function wageringContribution(stake: number, weightPercent: number): number {
  assertMinor(stake, 'stake');
  if (!Number.isInteger(weightPercent) || weightPercent < 0 || weightPercent > 100) {
    throw new RangeError(`a contribution weight is a whole percent 0–100, not ${weightPercent}`);
  }
  return Math.floor((stake * weightPercent) / 100);
}

/**
 * Wagering a bonus asks for: its amount × the multiplier (in tenths, so 1.5× is exact), rounded
 * down in the player's favour.
 */
export function wageringRequired(amount: number, multiplier: number): number {
  assertMinor(amount, 'amount');
  if (!(multiplier >= 0) || !Number.isInteger(multiplier * 10)) {
    throw new RangeError(`a wagering multiplier is a non-negative tenth, not ${multiplier}`);
  }
  return Math.floor((amount * Math.round(multiplier * 10)) / 10);
}

/** Progress after a settled stake (or, with a negative contribution, a refund), kept in range. */
export function progressAfter(wagered: number, contribution: number, required: number): number {
  return Math.min(required, Math.max(0, wagered + contribution));
}

/** The amount a percentage match gives for a qualifying payment, capped. */
export function matchAmount(payment: number, percent: number, cap: number): number {
  assertMinor(payment, 'payment');
  return Math.min(cap, Math.floor((payment * percent) / 100));
}

/** The maximum-bet rule while a bonus is active (null: no maximum). */
export function exceedsMaxBet(stake: number, maxBet: number | null): boolean {
  return maxBet !== null && stake > maxBet;
}

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`a ${what} is a non-negative integer of minor units, not ${value}`);
  }
}

/** An issued bonus or free spins activated after its deadline: lost (the expiry job ends it). */
export const activationDeadlinePassed = () =>
  new AppError('CONFLICT', 'Its activation deadline has passed: it can no longer be activated', {
    reason: 'expired',
  });
