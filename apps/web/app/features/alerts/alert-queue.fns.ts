import {
  ALERT_ANIMATION_SPEED_MS,
  ALERT_DEFAULT_DURATION_MS,
  ALERT_MIN_GAP_MS,
  type AlertKey,
} from '@coinfall/shared';

/**
 * The toast queue of spec §9 as pure state transitions over an explicit clock (`now`, ms):
 * alerts appear at least 400 ms apart, stay 3000 ms by default, and take 300 ms to leave.
 * The host drives it with one timer at nextAlertWakeUp().
 */

export type AlertType = 'success' | 'error' | 'info' | 'warning';

export interface AlertMessage {
  alertKey: AlertKey;
  type: AlertType;
  title: string;
  description: string;
  typeText?: string;
  icon?: string;
  /** Localized in-site path, when the alert leads somewhere. */
  url?: string;
  durationMs?: number;
}

export interface QueuedAlert extends AlertMessage {
  id: number;
  durationMs: number;
}

export interface ShownAlert extends QueuedAlert {
  phase: 'shown' | 'leaving';
  /** When 'shown' turns into 'leaving'; undefined while paused. */
  hideAt: number | undefined;
  /** Time left in 'shown', kept while paused. */
  remainingMs: number;
  /** When a leaving alert is removed. */
  removeAt: number | undefined;
}

export interface AlertQueueState {
  pending: readonly QueuedAlert[];
  shown: readonly ShownAlert[];
  lastShownAt: number | undefined;
  paused: boolean;
  nextId: number;
}

/** More would cover the page on a phone; the rest wait their turn. */
export const MAX_SHOWN_ALERTS = 3;

export const EMPTY_ALERT_QUEUE: AlertQueueState = {
  pending: [],
  shown: [],
  lastShownAt: undefined,
  paused: false,
  nextId: 1,
};

export function enqueueAlert(state: AlertQueueState, message: AlertMessage): AlertQueueState {
  const alert: QueuedAlert = {
    ...message,
    id: state.nextId,
    durationMs: message.durationMs ?? ALERT_DEFAULT_DURATION_MS,
  };
  return { ...state, pending: [...state.pending, alert], nextId: state.nextId + 1 };
}

function startLeaving(alert: ShownAlert, now: number): ShownAlert {
  return {
    ...alert,
    phase: 'leaving',
    hideAt: undefined,
    remainingMs: 0,
    removeAt: now + ALERT_ANIMATION_SPEED_MS,
  };
}

function releaseAt(state: AlertQueueState): number | undefined {
  const active = state.shown.filter((a) => a.phase === 'shown').length;
  if (state.pending.length === 0 || active >= MAX_SHOWN_ALERTS) return undefined;
  return state.lastShownAt === undefined
    ? Number.NEGATIVE_INFINITY
    : state.lastShownAt + ALERT_MIN_GAP_MS;
}

/** Moves the queue to `now`: removes finished alerts, starts hiding expired ones, shows the next. */
export function advanceAlerts(state: AlertQueueState, now: number): AlertQueueState {
  let shown = state.shown
    .filter((a) => a.phase !== 'leaving' || (a.removeAt ?? 0) > now)
    .map((a) =>
      a.phase === 'shown' && a.hideAt !== undefined && a.hideAt <= now ? startLeaving(a, now) : a,
    );
  let { pending, lastShownAt } = state;
  const due = releaseAt({ ...state, shown });
  const [next, ...rest] = pending;
  if (next && due !== undefined && due <= now) {
    const alert: ShownAlert = {
      ...next,
      phase: 'shown',
      hideAt: state.paused ? undefined : now + next.durationMs,
      remainingMs: next.durationMs,
      removeAt: undefined,
    };
    shown = [...shown, alert];
    pending = rest;
    lastShownAt = now;
  }
  return { ...state, shown, pending, lastShownAt };
}

/** Milliseconds until advanceAlerts() has something to do, or undefined when idle. */
export function nextAlertWakeUp(state: AlertQueueState, now: number): number | undefined {
  const times: number[] = [];
  const due = releaseAt(state);
  if (due !== undefined) times.push(due);
  for (const a of state.shown) {
    if (a.phase === 'shown' && a.hideAt !== undefined) times.push(a.hideAt);
    if (a.phase === 'leaving' && a.removeAt !== undefined) times.push(a.removeAt);
  }
  if (times.length === 0) return undefined;
  return Math.max(0, Math.min(...times) - now);
}

/** The dismiss button: the alert leaves at once. */
export function dismissAlert(state: AlertQueueState, id: number, now: number): AlertQueueState {
  return {
    ...state,
    shown: state.shown.map((a) => (a.id === id && a.phase === 'shown' ? startLeaving(a, now) : a)),
  };
}

/** Hover or focus on the region: shown alerts stop counting down (WCAG 2.2.1). */
export function pauseAlerts(state: AlertQueueState, now: number): AlertQueueState {
  if (state.paused) return state;
  return {
    ...state,
    paused: true,
    shown: state.shown.map((a) =>
      a.phase === 'shown' && a.hideAt !== undefined
        ? { ...a, hideAt: undefined, remainingMs: Math.max(0, a.hideAt - now) }
        : a,
    ),
  };
}

export function resumeAlerts(state: AlertQueueState, now: number): AlertQueueState {
  if (!state.paused) return state;
  return {
    ...state,
    paused: false,
    shown: state.shown.map((a) =>
      a.phase === 'shown' ? { ...a, hideAt: now + a.remainingMs } : a,
    ),
  };
}
