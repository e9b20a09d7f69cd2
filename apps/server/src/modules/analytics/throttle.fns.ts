import type { CheckedEvent } from './ingest-check.fns.ts';

/** Events per second are averaged over this window (Amplitude: "a recent window"). */
export const THROTTLE_WINDOW_MS = 10_000;
export const WINDOW_SECONDS = THROTTLE_WINDOW_MS / 1000;

/** A device or a user of one project, as the throttle counts it. */
export interface Sender {
  kind: 'device' | 'user';
  id: string;
  /** This request's events of that sender. */
  count: number;
}

/** Each device and user of a request with its number of events, in order of first appearance. */
export function sendersOf(events: readonly CheckedEvent[]): Sender[] {
  const byKey = new Map<string, Sender>();
  const add = (kind: Sender['kind'], id: string | null | undefined) => {
    if (!id) return;
    const key = kind === 'device' ? `d${id}` : `u${id}`;
    const sender = byKey.get(key);
    if (sender) sender.count += 1;
    else byKey.set(key, { kind, id, count: 1 });
  };
  for (const event of events) {
    add('device', event.device_id);
    add('user', event.user_id);
  }
  return [...byKey.values()];
}

/** Where `nowMs` falls: its 10 s bucket, the weight of the previous one, its UTC day. */
export function windowAt(nowMs: number): { bucket: number; previousWeight: number; day: string } {
  const bucket = Math.floor(nowMs / THROTTLE_WINDOW_MS);
  return {
    bucket,
    // Sliding window by two fixed buckets: the previous one counts for the part still in view.
    previousWeight: 1 - (nowMs - bucket * THROTTLE_WINDOW_MS) / THROTTLE_WINDOW_MS,
    day: new Date(nowMs).toISOString().slice(0, 10),
  };
}

/** The throttle's limits: ANALYTICS_EPS_THRESHOLD and ANALYTICS_DAILY_QUOTA. */
export interface ThrottleLimits {
  epsThreshold: number;
  dailyQuota: number;
}

/** A sender refused: its rate over the window or its day's count, with this request included. */
export interface Refusal {
  sender: Sender;
  /** Set when over the rate: events per second. */
  eps: number | null;
  /** Set when over the daily quota: the day's events. */
  today: number | null;
}

/**
 * The verdict on one sender from its counts so far: over the rate when the window's estimate
 * with this request passes threshold × window, over the quota when the day's count would.
 */
export function judge(
  sender: Sender,
  counts: { current: number; previous: number; today: number },
  previousWeight: number,
  limits: ThrottleLimits,
): Refusal | null {
  // The same comparisons as the Redis store's script (throttle.store.ts).
  const inWindow = counts.previous * previousWeight + counts.current + sender.count;
  const overRate = inWindow > limits.epsThreshold * WINDOW_SECONDS;
  const eps = inWindow / WINDOW_SECONDS;
  const today = counts.today + sender.count;
  const overQuota = today > limits.dailyQuota;
  if (!overRate && !overQuota) return null;
  return {
    sender,
    eps: overRate ? Math.round(eps * 100) / 100 : null,
    today: overQuota ? today : null,
  };
}
