import type { CardFace } from '../cards/card.fns';

/** The hi-lo engine's view (cards/hilo.engine.ts stepOf). */
export interface HiloViewShape {
  status: 'playing' | 'lost' | 'cashed-out' | 'capped';
  draws: (CardFace & { via: 'start' | 'skip' | 'higher' | 'lower'; won?: boolean })[];
  multiplierE4: number;
  wins: number;
  skipsLeft: number;
  canCashOut: boolean;
  odds: {
    higher: { winningRanks: number; probability: number; stepMultiplierE4: number };
    lower: { winningRanks: number; probability: number; stepMultiplierE4: number };
  } | null;
  payout: number;
}

/** What the last step means for the player: a lost guess, a won one, or nothing to say. */
export function hiloNews(view: HiloViewShape | null): 'lost' | 'won' | null {
  const last = view?.draws.at(-1);
  if (!view || !last || last.via === 'start' || last.via === 'skip') return null;
  if (view.status === 'lost') return 'lost';
  return last.won ? 'won' : null;
}
