/**
 * The rules for changing a live chain's steps (decision 061). A player's place in a chain is a
 * step's position, and every joined player holds a row for every step; so the steps any player
 * has reached — opened, in progress, done or ended — and everything before them stay as they
 * are. After the last reached step, steps may be added, removed and reordered freely.
 */

/** A chain's current step and whether any player has reached it. */
export type ChainStep = { questId: number; reached: boolean };

/** What a proposed list of steps breaks: the 0-based entry at fault (null: the list is too short). */
export type ChainStepsProblem = { index: number | null; message: string };

/** How many leading steps are fixed: through the last one any player has reached. */
export function fixedStepCount(current: readonly ChainStep[]): number {
  let fixed = 0;
  current.forEach((step, i) => {
    if (step.reached) fixed = i + 1;
  });
  return fixed;
}

/** Null when `next` keeps every fixed step in its place; otherwise the first entry that does not. */
export function chainStepsProblem(
  current: readonly ChainStep[],
  next: readonly number[],
): ChainStepsProblem | null {
  const fixed = fixedStepCount(current);
  for (let i = 0; i < fixed; i++) {
    const kept = current[i]!.questId;
    if (next[i] === kept) continue;
    const message = `Step ${i + 1} has been reached by players: the first ${fixed} steps stay in place`;
    return { index: i < next.length ? i : null, message };
  }
  return null;
}

/** The quests a new list of steps adds and removes, each in the order of its list. */
export function chainStepsDiff(
  current: readonly number[],
  next: readonly number[],
): { added: number[]; removed: number[] } {
  return {
    added: next.filter((id) => !current.includes(id)),
    removed: current.filter((id) => !next.includes(id)),
  };
}
