import type { RouletteBet } from '@coinfall/shared/games/originals/roulette';

/** A place on the table a chip can go (a bet without its amount). */
export type RouletteSpot =
  | { type: 'straight' | 'dozen' | 'column'; value: number }
  | { type: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' };

export const spotKey = (spot: RouletteSpot) =>
  'value' in spot ? `${spot.type}:${spot.value}` : spot.type;

/** The chips on the table, by spot. */
export type RouletteChips = Record<string, RouletteBet>;

export function addChip(chips: RouletteChips, spot: RouletteSpot, amount: number): RouletteChips {
  const key = spotKey(spot);
  const placed = chips[key]?.amount ?? 0;
  return { ...chips, [key]: { ...spot, amount: placed + amount } };
}

/** The round's params and its bet: the engine takes exactly the sum of the chips as the bet. */
export function roulettePlay(chips: RouletteChips): { bets: RouletteBet[]; stake: number } {
  const bets = Object.values(chips);
  return { bets, stake: bets.reduce((sum, bet) => sum + bet.amount, 0) };
}

/** The European wheel's pockets clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

/** Turns (degrees) that bring `pocket` under the top pointer, always spinning forward. */
export function wheelRotationFor(pocket: number, from: number, spins = 4): number {
  const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
  const target = -(index * 360) / WHEEL_ORDER.length;
  const base = from - (((from % 360) + 360) % 360);
  let next = base + (((target % 360) + 360) % 360) + spins * 360;
  while (next <= from) next += 360;
  return next;
}
