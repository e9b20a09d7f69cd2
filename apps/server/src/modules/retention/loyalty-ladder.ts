import type {
  LoyaltyLevel,
  LoyaltyReward,
  LoyaltySublevelRef,
  RetentionAccount,
  VipBenefits,
} from '@coinfall/shared';
import type { LoyaltyLevelRow, LoyaltySublevelRow, RewardDefinition } from './loyalty.repo.ts';
import { rungAt, wholePoints, type Rung } from './loyalty.fns.ts';

/** One sublevel in ladder order, with its level: what standing, rewards and views read. */
export interface LadderRung extends Rung {
  level: LoyaltyLevelRow;
  sublevel: LoyaltySublevelRow;
  ref: LoyaltySublevelRef;
}

/** The ladder as read once: levels with their views and the flat list of rungs. */
export interface Ladder {
  levels: LoyaltyLevel[];
  rungs: LadderRung[];
}

export function refOf(level: LoyaltyLevelRow, sublevel: LoyaltySublevelRow): LoyaltySublevelRef {
  return {
    levelId: level.id,
    levelSlug: level.slug,
    levelOrder: level.position,
    levelLabel: level.label,
    sublevelId: sublevel.id,
    sublevelOrder: sublevel.position,
    sublevelLabel: sublevel.label,
  };
}

/** What a reward's definition gives, as the ladder shows it; null when it gives nothing now. */
function rewardOf(
  def: RewardDefinition | undefined,
  gameNames: Map<string, string>,
): LoyaltyReward | null {
  if (!def?.enabled) return null;
  const coins = def.rewards.flatMap((line) =>
    'amount' in line ? [{ currency: line.currency, amount: line.amount }] : [],
  );
  const spins = def.freeSpins;
  return {
    bonusSlug: def.slug,
    coins,
    freeSpins: spins
      ? {
          gameIdentity: spins.gameIdentity,
          gameName: gameNames.get(spins.gameIdentity) ?? spins.gameIdentity,
          count: spins.count,
          currency: spins.currency,
          bet: spins.bet,
        }
      : null,
    wageringTenths: def.wageringTenths,
  };
}

/** Builds the ladder from its rows; sublevels in level order, then their own order. */
export function buildLadder(
  levelRows: readonly LoyaltyLevelRow[],
  sublevelRows: readonly LoyaltySublevelRow[],
  definitions: readonly RewardDefinition[],
  gameNames: Map<string, string>,
): Ladder {
  const bySlug = new Map(definitions.map((d) => [d.slug, d]));
  const rungs: LadderRung[] = [];
  const levels = levelRows.map((level): LoyaltyLevel => {
    const subs = sublevelRows
      .filter((s) => s.levelId === level.id)
      .sort((a, b) => a.position - b.position);
    for (const sublevel of subs) {
      rungs.push({
        sublevelId: sublevel.id,
        points: sublevel.points,
        level,
        sublevel,
        ref: refOf(level, sublevel),
      });
    }
    return {
      id: level.id,
      slug: level.slug,
      order: level.position,
      label: level.label,
      bgColor: level.bgColor,
      image: level.image,
      bgImage: level.bgImage,
      vip: level.vip,
      sublevels: subs.map((s) => ({
        id: s.id,
        order: s.position,
        label: s.label,
        bgColor: s.bgColor,
        image: s.image,
        bgImage: s.bgImage,
        points: s.points,
        reward: s.rewardSlug ? rewardOf(bySlug.get(s.rewardSlug), gameNames) : null,
      })),
    };
  });
  return { levels: levels.filter((l) => l.sublevels.length > 0), rungs };
}

/**
 * The account a player with `millipoints` sees. A player below the first rung (a ladder whose
 * first threshold is above 0) stands on the first rung's level with all its points to go.
 */
export function accountOf(ladder: Ladder, millipoints: number, updatedAt: Date): RetentionAccount {
  const points = wholePoints(millipoints);
  const at = rungAt(ladder.rungs, points);
  const current = ladder.rungs[Math.max(at, 0)];
  if (!current) throw new Error('the loyalty ladder has no sublevels');
  const next = ladder.rungs[at + 1];
  return {
    points,
    currentLevel: {
      id: current.level.id,
      slug: current.level.slug,
      order: current.level.position,
      label: current.level.label,
      vip: current.level.vip && at >= 0,
    },
    currentSublevel: {
      id: current.sublevel.id,
      order: current.sublevel.position,
      label: current.sublevel.label,
    },
    nextSublevel: next ? { ...next.ref, points: next.points } : null,
    pointsToNextSublevel: next ? next.points - points : null,
    updatedAt: updatedAt.toISOString(),
  };
}

/** The level a player with `millipoints` has reached; undefined below the first rung. */
export function levelAt(ladder: Ladder, millipoints: number): LoyaltyLevelRow | undefined {
  return ladder.rungs[rungAt(ladder.rungs, wholePoints(millipoints))]?.level;
}

/**
 * A VIP level's benefits as shown; `hostAvailable` is false when no host is configured, so the
 * site never promises a host nobody answers for (decision 022).
 */
export function benefitsOf(level: LoyaltyLevelRow, hostAvailable: boolean): VipBenefits {
  return {
    levelId: level.id,
    levelSlug: level.slug,
    levelOrder: level.position,
    levelLabel: level.label,
    dailyBonusPercent: level.dailyBonusPercent,
    rakebackPercent: level.rakebackPercent,
    personalHost: level.personalHost && hostAvailable,
  };
}
