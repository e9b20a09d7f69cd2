import type { BonusEligibility } from '@coinfall/shared';
import { marketingSegmentIds } from '../protection/protection.fns.ts';
import { isPurchaser } from '../shop/shop.fns.ts';

const DAY_MS = 86_400_000;

/** What eligibility rules read of a player; `wagered` is asked for only when a rule needs it. */
export interface PlayerFacts {
  registeredAt: Date;
  country: string | null;
  segmentIds: readonly number[];
  /** The end of a break or exclusion; while it stands the player is in no marketing segment. */
  excludedUntil: Date | null;
  /** Staked in the rule's currency over its window (game rounds), minor units. */
  wagered: number;
}

/** The start of the "wagered in the last N days" window, or null when no rule asks. */
export function wageringWindowStart(rules: BonusEligibility, now: Date): Date | null {
  return rules.wagered ? new Date(now.getTime() - rules.wagered.days * DAY_MS) : null;
}

/**
 * Why the player may not receive it (the first failed rule, worded for the player), or null
 * when every listed rule holds. Rules not listed do not apply.
 */
export function eligibilityRefusal(
  rules: BonusEligibility,
  facts: PlayerFacts,
  now: Date,
): string | null {
  const segments = marketingSegmentIds(facts, now);
  if (rules.segmentIds && !rules.segmentIds.some((id) => segments.includes(id))) {
    return 'This offer is not available to your account';
  }
  if (rules.countries && !(facts.country && rules.countries.includes(facts.country))) {
    return 'This offer is not available in your country';
  }
  if (
    rules.newPlayersWithinDays !== undefined &&
    now.getTime() - facts.registeredAt.getTime() > rules.newPlayersWithinDays * DAY_MS
  ) {
    return `This offer is for players registered within ${rules.newPlayersWithinDays} days`;
  }
  if (rules.purchasersOnly && !isPurchaser(segments)) {
    return 'This offer is for players who have made a purchase';
  }
  if (rules.wagered && facts.wagered < rules.wagered.minimum) {
    const { minimum, currency, days } = rules.wagered;
    return `This offer needs ${(minimum / 100).toFixed(2)} ${currency} wagered in the last ${days} days`;
  }
  return null;
}
