import type { LoyaltySublevelRef } from '@coinfall/shared';
import type { BonusDefinitionRow, PlayerBonusRecord, PlayerFreeSpinRecord } from './bonus.repo.ts';

export interface GrantInput {
  playerId: string;
  definition: BonusDefinitionRow;
  /** What issues it (`registration`, `daily:3`, `code:HOLIDAY2026`, `purchase:<id>`): once each. */
  source: string;
  /** The amount per currency instead of the reward line's (the daily streak's step, a win). */
  amountOverride?: Partial<Record<string, number>>;
  /** The qualifying payment per currency that percentage lines match (a purchase's coins). */
  basis?: Partial<Record<string, number>>;
  /** The loyalty sublevel the grant rewards: copied onto every bonus and free spin it issues. */
  loyalty?: LoyaltySublevelRef;
  /**
   * Currencies not issued (decision 052): the Sweeps Coins part of a reward granted without a
   * claim where the player's place refuses Sweeps Coins. Withheld for good, never paid later.
   */
  withhold?: readonly string[];
}

/** One bonus to issue; `activation` overrides the definition's (free-spin wins start at once). */
export interface IssueInput {
  playerId: string;
  definition: BonusDefinitionRow;
  currency: string;
  amount: number;
  activation?: BonusDefinitionRow['activation'];
  loyalty?: LoyaltySublevelRef;
}

export interface Grant {
  bonuses: PlayerBonusRecord[];
  freeSpins: PlayerFreeSpinRecord[];
  /** What this grant withheld (`withhold`), per currency; empty when it issued everything. */
  withheld: { currency: string; amount: number; spins: number }[];
}
