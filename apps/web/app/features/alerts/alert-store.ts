import { useSyncExternalStore } from 'react';
import {
  ALERTS_CHANGED_EVENT,
  STORED_ALERTS_STORAGE_KEY,
  type StoredAlert,
} from '@coinfall/shared';
import {
  advanceAlerts,
  dismissAlert,
  EMPTY_ALERT_QUEUE,
  enqueueAlert,
  pauseAlerts,
  resumeAlerts,
  type AlertMessage,
  type AlertQueueState,
} from './alert-queue.fns.ts';
import {
  addStoredAlert,
  markAllStoredAlertsRead,
  markStoredAlertRead,
  parseStoredAlerts,
  takeShowOnceAlerts,
} from './stored-alerts.fns.ts';

/**
 * The toast queue of this tab. Module state is safe under SSR: only effects and handlers push,
 * and the server snapshot is always the empty queue.
 */
let state: AlertQueueState = EMPTY_ALERT_QUEUE;
const listeners = new Set<() => void>();

function update(next: AlertQueueState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export const alertQueueStore = {
  getState: (): AlertQueueState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  push(message: AlertMessage, now = Date.now()): void {
    update(advanceAlerts(enqueueAlert(state, message), now));
  },
  advance(now = Date.now()): void {
    update(advanceAlerts(state, now));
  },
  dismiss(id: number, now = Date.now()): void {
    update(dismissAlert(state, id, now));
  },
  pause(now = Date.now()): void {
    update(pauseAlerts(state, now));
  },
  resume(now = Date.now()): void {
    update(resumeAlerts(state, now));
  },
  /** For tests. */
  reset(): void {
    update(EMPTY_ALERT_QUEUE);
  },
};

export function useAlertQueue(): AlertQueueState {
  return useSyncExternalStore(
    alertQueueStore.subscribe,
    alertQueueStore.getState,
    () => EMPTY_ALERT_QUEUE,
  );
}

/** The stored notifications (newest first); empty when storage is unavailable. */
export function readStoredAlerts(): StoredAlert[] {
  try {
    return parseStoredAlerts(window.localStorage.getItem(STORED_ALERTS_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Writes the list and tells the popover (same tab) through ALERTS_CHANGED_EVENT. */
function writeStoredAlerts(list: StoredAlert[]): void {
  try {
    window.localStorage.setItem(STORED_ALERTS_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled (private mode): the toast still shows, the history does not.
    return;
  }
  window.dispatchEvent(new Event(ALERTS_CHANGED_EVENT));
}

export function storeAlert(alert: StoredAlert): void {
  writeStoredAlerts(addStoredAlert(readStoredAlerts(), alert));
}

export function markAlertRead(dt: string): void {
  writeStoredAlerts(markStoredAlertRead(readStoredAlerts(), dt));
}

export function markAllAlertsRead(): void {
  writeStoredAlerts(markAllStoredAlertsRead(readStoredAlerts()));
}

/**
 * Moves the alerts stored for one toast after a reload (showOnce) into the queue and out of the
 * stored list; a guest has no popover to read them in.
 */
export function showStoredOnceAlerts(now = Date.now()): void {
  const { show, keep } = takeShowOnceAlerts(readStoredAlerts());
  if (show.length === 0) return;
  writeStoredAlerts(keep);
  for (const alert of show) {
    alertQueueStore.push(
      {
        alertKey: alert.alertKey,
        type: alert.type,
        title: alert.title,
        description: alert.description,
        typeText: alert.typeText || undefined,
        icon: alert.icon || undefined,
        url: alert.url || undefined,
      },
      now,
    );
  }
}
