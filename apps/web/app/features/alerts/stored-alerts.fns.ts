import {
  STORED_ALERTS_CAP,
  storedAlertSchema,
  type AlertKey,
  type StoredAlert,
} from '@coinfall/shared';

/**
 * Which alerts are notifications worth keeping for the popover: the bonus, free-spin and
 * payment and purchase outcomes, quest and loyalty-level outcomes, the new account and the verified identity. Form feedback (bad bonus code, resent verification, "something went
 * wrong") only matters in the moment, so it is shown but not stored.
 */
const STORED_KEYS: ReadonlySet<AlertKey> = new Set<AlertKey>([
  'bonusIssued',
  'bonusActivated',
  'bonusPlayed',
  'bonusCanceled',
  'bonusExpired',
  'bonusLost',
  'freeSpinIssued',
  'freeSpinActivated',
  'freeSpinPlayed',
  'freeSpinCanceled',
  'freeSpinExpired',
  'successRegistration',
  'depositSuccess',
  'depositError',
  'withdrawError',
  'winner',
  'questCompleted',
  'questAwarded',
  'levelUp',
  // Identity verified: a milestone the player may look for later, not only a passing toast.
  'kycVerified',
  // A bundle paid: the bell keeps it like a deposit's outcome (the modal's words go with it).
  'purchaseSuccess',
]);

export function isStoredAlertKey(key: AlertKey): boolean {
  return STORED_KEYS.has(key);
}

/** The stored list; anything unreadable (old shapes, hand edits) is dropped, never thrown. */
export function parseStoredAlerts(raw: string | null): StoredAlert[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = storedAlertSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Newest first, at most `cap` kept. */
export function addStoredAlert(
  list: readonly StoredAlert[],
  alert: StoredAlert,
  cap = STORED_ALERTS_CAP,
): StoredAlert[] {
  return [alert, ...list].slice(0, cap);
}

/** Marks the alert raised at `dt` as read (dt identifies a stored alert). */
export function markStoredAlertRead(list: readonly StoredAlert[], dt: string): StoredAlert[] {
  return list.map((a) => (a.dt === dt && a.isUnread ? { ...a, isUnread: false } : a));
}

export function markAllStoredAlertsRead(list: readonly StoredAlert[]): StoredAlert[] {
  return list.map((a) => (a.isUnread ? { ...a, isUnread: false } : a));
}

export function countUnreadAlerts(list: readonly StoredAlert[]): number {
  return list.filter((a) => a.isUnread).length;
}

/**
 * A `dt` for a new alert that no stored one has: two alerts raised in the same millisecond
 * would otherwise be marked read together.
 */
export function uniqueAlertTime(list: readonly StoredAlert[], now: number): string {
  const newest = list[0] ? Date.parse(list[0].dt) : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(now, newest + 1)).toISOString();
}

/**
 * Splits off the alerts stored to be shown once as a toast after a reload, oldest first (the
 * order they were raised); the rest stays in the list.
 */
export function takeShowOnceAlerts(list: readonly StoredAlert[]): {
  show: StoredAlert[];
  keep: StoredAlert[];
} {
  return {
    show: list.filter((alert) => alert.showOnce === true).reverse(),
    keep: list.filter((alert) => alert.showOnce !== true),
  };
}
