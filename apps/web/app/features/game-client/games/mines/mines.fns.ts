import type { MinesView } from '@coinfall/shared/games/originals/mines';

export type MineTile = 'hidden' | 'safe' | 'hit' | 'mine';

/** What a tile shows: open safe, the mine that ended the round, or every mine once it ended. */
export function mineTileOf(view: MinesView | null, tile: number): MineTile {
  if (!view) return 'hidden';
  if (view.hitMine === tile) return 'hit';
  if (view.revealed.includes(tile)) return 'safe';
  if (view.mines?.includes(tile)) return 'mine';
  return 'hidden';
}
