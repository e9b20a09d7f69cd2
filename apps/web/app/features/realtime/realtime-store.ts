import { useSyncExternalStore } from 'react';

/** Spec §4: the connection and each subscription move through these states. */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected';
export type SubscriptionState = 'unsubscribed' | 'subscribing' | 'subscribed';

export interface RealtimeSnapshot {
  connection: ConnectionState;
  subscriptions: Readonly<Record<string, SubscriptionState>>;
}

const INITIAL: RealtimeSnapshot = { connection: 'disconnected', subscriptions: {} };

/**
 * The realtime client's state for the UI. Module state is safe under SSR: only the browser's
 * client writes it, and the server snapshot is always the initial one.
 */
let snapshot: RealtimeSnapshot = INITIAL;
const listeners = new Set<() => void>();

function update(next: RealtimeSnapshot): void {
  if (next === snapshot) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export const realtimeStore = {
  get: (): RealtimeSnapshot => snapshot,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setConnection(connection: ConnectionState): void {
    if (connection !== snapshot.connection) update({ ...snapshot, connection });
  },
  setSubscription(channel: string, state: SubscriptionState | undefined): void {
    if (snapshot.subscriptions[channel] === state) return;
    const subscriptions = { ...snapshot.subscriptions };
    if (state === undefined) delete subscriptions[channel];
    else subscriptions[channel] = state;
    update({ ...snapshot, subscriptions });
  },
  /** For tests. */
  reset(): void {
    update(INITIAL);
  },
};

export function useRealtimeState(): RealtimeSnapshot {
  return useSyncExternalStore(realtimeStore.subscribe, realtimeStore.get, () => INITIAL);
}
