/**
 * The daily login bonus (issue 14): claimable once per 24 h; a claim within 48 h of the last one
 * continues the streak, a later one starts it again. The reward grows with the streak along the
 * configured table and stays at its last step.
 */

const HOUR_MS = 3_600_000;
export const DAILY_CLAIM_EVERY_MS = 24 * HOUR_MS;
export const DAILY_STREAK_KEPT_MS = 48 * HOUR_MS;

export interface DailyClaimState {
  lastClaimAt: Date | null;
  streak: number;
}

export type DailyClaim =
  | { claimable: true; streak: number; reward: number; nextClaimAt: Date }
  | { claimable: false; nextClaimAt: Date };

export function dailyClaimAt(
  state: DailyClaimState,
  now: Date,
  rewards: readonly number[],
): DailyClaim {
  if (rewards.length === 0) throw new RangeError('a daily bonus needs at least one reward step');
  const last = state.lastClaimAt?.getTime();
  if (last !== undefined && now.getTime() - last < DAILY_CLAIM_EVERY_MS) {
    return { claimable: false, nextClaimAt: new Date(last + DAILY_CLAIM_EVERY_MS) };
  }
  const continues = last !== undefined && now.getTime() - last < DAILY_STREAK_KEPT_MS;
  const streak = continues ? state.streak + 1 : 1;
  const reward = rewards[Math.min(streak, rewards.length) - 1] ?? 0;
  return {
    claimable: true,
    streak,
    reward,
    nextClaimAt: new Date(now.getTime() + DAILY_CLAIM_EVERY_MS),
  };
}
