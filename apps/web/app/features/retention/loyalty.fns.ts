import type {
  LoyaltyLevel,
  LoyaltySublevel,
  LoyaltySublevelRef,
  RetentionAccount,
} from '@coinfall/shared/contracts/loyalty';

/**
 * The loyalty ladder's maths (spec §3 "Loyalty level", issue 15): the sublevels in climbing
 * order, where a player stands on it and how far the next sublevel is.
 */

export interface LadderStep {
  level: LoyaltyLevel;
  sublevel: LoyaltySublevel;
  /** 0-based place on the whole ladder. */
  index: number;
}

/** Every sublevel of every level, lowest first (levels by order, then sublevels by order). */
export function ladderSteps(levels: readonly LoyaltyLevel[]): LadderStep[] {
  const steps: LadderStep[] = [];
  for (const level of [...levels].sort((a, b) => a.order - b.order))
    for (const sublevel of [...level.sublevels].sort((a, b) => a.order - b.order))
      steps.push({ level, sublevel, index: steps.length });
  return steps;
}

export interface LadderPosition {
  /** The step the player stands on; undefined when the ladder does not hold it (stale data). */
  current: LadderStep | undefined;
  next: LadderStep | undefined;
  /** Points still to earn for `next`; 0 at the top. */
  pointsToNext: number;
  /** 0–100: the way from the current step's points to the next one's. 100 at the top. */
  percent: number;
}

/**
 * Where `account` stands on the ladder. The account says which sublevel it is on (the server
 * decides, rewards included); the points between it and the next sublevel give the bar.
 */
export function ladderPosition(
  steps: readonly LadderStep[],
  account: Pick<RetentionAccount, 'points' | 'currentSublevel'>,
): LadderPosition {
  const current = steps.find((step) => step.sublevel.id === account.currentSublevel.id);
  const next = current
    ? steps[current.index + 1]
    : steps.find((s) => s.sublevel.points > account.points);
  if (!next) return { current, next, pointsToNext: 0, percent: 100 };
  const from = current?.sublevel.points ?? 0;
  const span = next.sublevel.points - from;
  const pointsToNext = Math.max(0, next.sublevel.points - account.points);
  const percent =
    span > 0 ? Math.min(99, Math.max(0, Math.floor(((account.points - from) / span) * 100))) : 0;
  return { current, next, pointsToNext, percent };
}

/** Where a step sits against the player's: reached (at or below), current, or ahead. */
export function stepStanding(
  step: LadderStep,
  position: Pick<LadderPosition, 'current'>,
): 'reached' | 'current' | 'ahead' {
  if (!position.current) return 'ahead';
  if (step.index === position.current.index) return 'current';
  return step.index < position.current.index ? 'reached' : 'ahead';
}

/**
 * The sublevel a level-up alert names: the highest of those one change reached (a big stake
 * may climb several; one toast says where the player landed). Undefined when none.
 */
export function highestReached(
  reached: readonly LoyaltySublevelRef[],
): LoyaltySublevelRef | undefined {
  let best: LoyaltySublevelRef | undefined;
  for (const ref of reached)
    if (
      !best ||
      ref.levelOrder > best.levelOrder ||
      (ref.levelOrder === best.levelOrder && ref.sublevelOrder > best.sublevelOrder)
    )
      best = ref;
  return best;
}
