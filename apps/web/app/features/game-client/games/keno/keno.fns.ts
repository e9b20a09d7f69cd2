import type { KenoView } from '@coinfall/shared/games/originals/keno';

export type KenoCell = 'idle' | 'picked' | 'drawn' | 'hit';

/** A number's look: a hit (picked and drawn), drawn only, picked only, or neither. */
export function kenoCellOf(n: number, picks: readonly number[], view: KenoView | null): KenoCell {
  const drawn = view?.drawn.includes(n) ?? false;
  const picked = picks.includes(n);
  if (drawn && picked) return 'hit';
  if (drawn) return 'drawn';
  return picked ? 'picked' : 'idle';
}

/** Adds or removes a pick, never past the maximum. */
export function togglePick(picks: readonly number[], n: number, max: number): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  return picks.length >= max ? [...picks] : [...picks, n];
}
