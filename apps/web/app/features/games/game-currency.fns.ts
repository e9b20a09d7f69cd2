/** The currencies games are played in (contracts/game GameCurrency). */
const GAME_CURRENCIES: readonly string[] = ['GC', 'SC'];

/**
 * Whether the game must be launched again for the active account: it plays (or was refused) in
 * another currency than the one now active, which games play in (from USD, play would only be
 * refused again). Never before both are known, and once per active currency: a launch that still
 * comes back in another currency (a stale account list) is not chased in a loop.
 */
export function shouldRelaunch(
  playedIn: string | undefined,
  active: string | undefined,
  relaunchedFor: string | undefined,
): boolean {
  if (playedIn === undefined || active === undefined) return false;
  return playedIn !== active && GAME_CURRENCIES.includes(active) && relaunchedFor !== active;
}
