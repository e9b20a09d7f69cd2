/** Where a game's last bet is kept, per game and currency (a GC bet is no SC bet). */
export const betStorageKey = (game: string, currency: string) => `cf:bet:${game}:${currency}`;

/**
 * The bet to start with: the one remembered, when it is still one of the session's levels (the
 * levels can change, and storage can hold anything), else the session's default.
 */
export function initialBet(stored: string | null, levels: readonly number[], fallback: number) {
  if (stored === null || !/^\d+$/.test(stored)) return fallback;
  const bet = Number(stored);
  return levels.includes(bet) ? bet : fallback;
}
