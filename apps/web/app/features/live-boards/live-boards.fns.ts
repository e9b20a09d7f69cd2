import type { DeviceType } from '@coinfall/shared/contracts/events';
import type { ActivityBet, Winner, WinnersBoard } from '@coinfall/shared/contracts/realtime';

/** Below this width the site lays out for phones; the winners boards are kept per device type. */
export const MOBILE_MAX_WIDTH_PX = 767;

/** A phone's user agent, or a narrow viewport, reads the mobile board. */
export function boardDeviceOf(view: { mobileUserAgent: boolean; widthPx: number }): DeviceType {
  return view.mobileUserAgent || view.widthPx <= MOBILE_MAX_WIDTH_PX ? 'mobile' : 'desktop';
}

/** The player's profile country when known and well formed, else the default board's. */
export function boardCountryOf(
  profileCountry: string | null | undefined,
  fallback: string,
): string {
  return profileCountry && /^[A-Z]{2}$/.test(profileCountry) ? profileCountry : fallback;
}

/**
 * A live row goes on top; a row seen already (redelivery, or the first paint raced the push)
 * is not shown twice; the board keeps `size` rows.
 */
export function prependActivity(
  rows: readonly ActivityBet[],
  bet: ActivityBet,
  size: number,
): readonly ActivityBet[] {
  if (rows.some((row) => row.roundId === bet.roundId)) return rows;
  return [bet, ...rows].slice(0, size);
}

/** Winners of `next` that `previous` did not list (by round). */
export function newWinnersOf(previous: WinnersBoard | undefined, next: WinnersBoard): Winner[] {
  const known = new Set(previous?.latest.map((winner) => winner.roundId) ?? []);
  return next.latest.filter((winner) => !known.has(winner.roundId));
}

/**
 * Spec §9: the winner alert shows on the game's own page, only for a win in the redeem currency
 * of at least one whole unit (`minPayout` minor units).
 */
export function isAlertableWinner(
  winner: Pick<Winner, 'gameId' | 'currency' | 'payout'>,
  rule: { gameId: string; currency: string; minPayout: number },
): boolean {
  return (
    winner.gameId === rule.gameId &&
    winner.currency === rule.currency &&
    winner.payout >= rule.minPayout
  );
}
