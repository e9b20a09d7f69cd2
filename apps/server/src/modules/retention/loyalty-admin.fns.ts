/** What the ladder check reads of a level and a sublevel. */
export interface LadderLevelPlace {
  id: number;
  position: number;
}
export interface LadderSublevelPlace {
  id: number;
  levelId: number;
  position: number;
  points: number;
}

/**
 * Why a ladder would be wrong after an edit, or null when it is right: thresholds must grow
 * strictly along the ladder (levels in order, then sublevels in order) — the player's standing
 * is the last rung at or below their points (decision 029), which only means something then.
 */
export function ladderProblem(
  levels: readonly LadderLevelPlace[],
  sublevels: readonly LadderSublevelPlace[],
): string | null {
  const levelPosition = new Map(levels.map((l) => [l.id, l.position]));
  const rungs = [...sublevels].sort(
    (a, b) =>
      (levelPosition.get(a.levelId) ?? 0) - (levelPosition.get(b.levelId) ?? 0) ||
      a.position - b.position,
  );
  for (let i = 1; i < rungs.length; i++) {
    const below = rungs[i - 1]!;
    const rung = rungs[i]!;
    if (rung.points <= below.points) {
      return `Thresholds must grow along the ladder: ${rung.points} is not above ${below.points}, the sublevel before it`;
    }
  }
  return null;
}

/** `sublevels` with one replaced (or added, when its id is new). */
export function withSublevel<T extends { id: number }>(sublevels: readonly T[], changed: T): T[] {
  const found = sublevels.some((s) => s.id === changed.id);
  return found
    ? sublevels.map((s) => (s.id === changed.id ? changed : s))
    : [...sublevels, changed];
}

/**
 * The levels' places after `id` moves to the 1-based `order` (decision 066): the others keep
 * their sequence and close up around it, numbered 1..n. An order past the end moves it last.
 */
export function levelsMoved(
  levels: readonly LadderLevelPlace[],
  id: number,
  order: number,
): LadderLevelPlace[] {
  const sorted = [...levels].sort((a, b) => a.position - b.position);
  const moving = sorted.find((l) => l.id === id);
  if (!moving) return sorted;
  const rest = sorted.filter((l) => l.id !== id);
  const at = Math.min(Math.max(order, 1), sorted.length) - 1;
  return [...rest.slice(0, at), moving, ...rest.slice(at)].map((l, i) => ({
    id: l.id,
    position: i + 1,
  }));
}
