import type { QuestEligibility } from '@coinfall/shared';
import { marketingSegmentIds } from '../protection/protection.fns.ts';
import { isPurchaser } from '../shop/shop.fns.ts';

const DAY_MS = 86_400_000;

/** What eligibility reads of a player. */
export interface QuestPlayerFacts {
  registeredAt: Date;
  country: string | null;
  segmentIds: readonly number[];
  /** The end of a break or exclusion: no segment-targeted quest while it stands. */
  excludedUntil: Date | null;
}

/** Does every listed rule hold? Rules not listed do not apply. */
export function isEligible(rules: QuestEligibility, facts: QuestPlayerFacts, now: Date): boolean {
  const segments = marketingSegmentIds(facts, now);
  if (rules.segmentIds && !rules.segmentIds.some((id) => segments.includes(id))) return false;
  if (rules.countries && !(facts.country && rules.countries.includes(facts.country))) return false;
  if (
    rules.newPlayersWithinDays !== undefined &&
    now.getTime() - facts.registeredAt.getTime() > rules.newPlayersWithinDays * DAY_MS
  ) {
    return false;
  }
  if (rules.purchasersOnly && !isPurchaser(segments)) return false;
  return true;
}

/** Is a definition running at `now` (enabled, started, not ended)? */
export const isLive = (
  d: { enabled: boolean; startAt: Date; endAt: Date | null },
  now: Date,
): boolean => d.enabled && d.startAt <= now && (d.endAt === null || d.endAt > now);
