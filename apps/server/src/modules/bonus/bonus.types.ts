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
}
