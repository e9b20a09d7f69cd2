import type { PlayerSession, PlayerSessionList } from '@coinfall/shared/contracts/player';

/** "Chrome on macOS (desktop)", or as much of it as the session reported. */
export function deviceLabel(device: PlayerSession['device']): string {
  const browser = device.browser?.trim();
  const os = device.os?.trim();
  const what = browser && os ? `${browser} on ${os}` : (browser ?? os);
  return what ? `${what} (${device.type})` : device.type;
}

/**
 * The coordinates as reported (already randomised in their last decimals, spec §7), rounded to
 * what they can honestly say: about a kilometre.
 */
export function locationLabel(location: PlayerSession['location']): string | undefined {
  if (!location) return undefined;
  return `${location.lat.toFixed(2)}, ${location.lon.toFixed(2)}`;
}

/** A session's time in the player's language, e.g. "Mar 3, 2026, 14:05". */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export interface SessionRow {
  id: string;
  device: string;
  ip: string | undefined;
  location: string | undefined;
  created: string;
  lastSeen: string;
  current: boolean;
  /** The current session cannot be closed from the list (that is logging out). */
  closable: boolean;
}

export function sessionRow(session: PlayerSession, locale: string): SessionRow {
  return {
    id: session.id,
    device: deviceLabel(session.device),
    ip: session.ip ?? undefined,
    location: locationLabel(session.location),
    created: formatDateTime(session.createdAt, locale),
    lastSeen: formatDateTime(session.lastSeenAt, locale),
    current: session.current,
    closable: !session.current,
  };
}

/** The page with one session taken out (the optimistic close), counts adjusted. */
export function withoutSession(list: PlayerSessionList, sessionId: string): PlayerSessionList {
  const data = list.data.filter((session) => session.id !== sessionId);
  if (data.length === list.data.length) return list;
  const totalRows = Math.max(0, list.meta.totalRows - 1);
  return {
    data,
    meta: {
      ...list.meta,
      totalRows,
      totalPages: Math.max(1, Math.ceil(totalRows / list.meta.perPage)),
    },
  };
}
