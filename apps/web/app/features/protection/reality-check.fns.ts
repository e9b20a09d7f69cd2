import {
  REALITY_CHECK_INTERVALS,
  type PlaySessionResult,
  type RealityCheckInterval,
  type RealityCheckState,
} from '@coinfall/shared/contracts/reality-check';
import { formatCoins } from '../game-client/display.fns';

/** The choices of the interval select: '' is off. */
export const INTERVAL_CHOICES = ['', ...REALITY_CHECK_INTERVALS.map(String)] as const;

export function intervalOf(value: string): RealityCheckInterval | null {
  return REALITY_CHECK_INTERVALS.find((m) => String(m) === value) ?? null;
}

/**
 * Milliseconds from `now` until the next check, or null when none is due. The server's own
 * time at the fetch (the session's start plus the time played) is the reference, so a site
 * clock set wrong does not move the check; `fetchedAt` is when the site read the state.
 */
export function msUntilCheck(
  state: RealityCheckState,
  fetchedAt: number,
  now: number,
): number | null {
  if (!state.nextCheckAt || !state.session) return null;
  const serverNow = Date.parse(state.session.startedAt) + state.session.playedSeconds * 1000;
  return Math.max(0, Date.parse(state.nextCheckAt) - serverNow - (now - fetchedAt));
}

/** Seconds played as the dialog shows them: the site's clock, never less than the server's. */
export function playedSecondsAt(session: NonNullable<RealityCheckState['session']>, now: number) {
  return Math.max(session.playedSeconds, Math.floor((now - Date.parse(session.startedAt)) / 1000));
}

/** "1 hour, 5 minutes" / "1 hora y 5 minutos" in the locale (whole minutes, at least 1). */
export function formatPlayed(seconds: number, locale: string): string {
  const minutes = Math.max(1, Math.floor(seconds / 60));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours > 0 ? [unit(hours, 'hour')] : []),
    ...(rest > 0 || hours === 0 ? [unit(rest, 'minute')] : []),
  ];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}

/** Minor units of a game currency in the site's coin format ("12.5 SC", "1,500 GC"). */
export function formatSessionCoins(minor: number, currency: string, locale: string): string {
  if (currency === 'GC' || currency === 'SC') return formatCoins(minor, currency, locale);
  // Games play GC and SC only; anything else is shown plainly rather than guessed.
  return `${new Intl.NumberFormat(locale).format(minor / 100)} ${currency}`;
}

/** "+12.5 SC", "−1,500 GC": a session's net in the site's coin format, signed. */
export function formatNet(result: PlaySessionResult, locale: string): string {
  const text = formatSessionCoins(Math.abs(result.net), result.currency, locale);
  if (result.net > 0) return `+${text}`;
  return result.net < 0 ? `−${text}` : text;
}
