import { LOCAL_QUEUE_CAP, type AnalyticsEventType } from './analytics-settings.ts';
import { forwardToApp, setAppUser } from './mobile-bridge.ts';

/** One event as the Amplitude SDK takes it: the revenue fields sit on the event itself. */
export interface TrackedEvent {
  event_type: string;
  event_properties?: Record<string, unknown>;
  user_id?: string;
  device_id?: string;
  price?: number;
  quantity?: number;
  revenue?: number;
  productId?: string;
  revenueType?: string;
}

/** What the site needs of the SDK (amplitude-client.ts implements it). */
export interface AnalyticsSdk {
  track(event: TrackedEvent): void;
  setUserId(userId: string | undefined): void;
  /** `once`: $setOnce (first touch wins), else $set. */
  setUserProperties(properties: Record<string, string>, once: boolean): void;
}

type Call = (sdk: AnalyticsSdk) => void;

let sdk: AnalyticsSdk | undefined;
const pending: Call[] = [];

/** Runs on the SDK, or queues until it has loaded (the first LOCAL_QUEUE_CAP calls; spec §9). */
function run(call: Call): void {
  if (sdk) call(sdk);
  else if (pending.length < LOCAL_QUEUE_CAP) pending.push(call);
}

/**
 * Tracks one of the site's events. Safe to call at any time: before the SDK has loaded (it loads
 * after the first paint) the call waits in memory; on a page without analytics it is dropped.
 */
export function track(
  eventType: AnalyticsEventType,
  properties?: Record<string, unknown>,
  revenue?: Pick<TrackedEvent, 'price' | 'quantity' | 'revenue' | 'productId' | 'revenueType'>,
): void {
  const event: TrackedEvent = { event_type: eventType, ...revenue };
  if (properties) event.event_properties = properties;
  run((s) => s.track(event));
  forwardToApp(eventType, { ...properties, ...revenue });
}

/** The player is known (login, registration, a page load signed in): their events carry the id. */
export function identifyPlayer(userId: string, properties?: Record<string, string>): void {
  run((s) => {
    s.setUserId(userId);
    if (properties && Object.keys(properties).length > 0) s.setUserProperties(properties, true);
  });
  setAppUser(userId);
}

/** Sets user properties now (the A/B group, funnel…); `once` keeps the first value given. */
export function setUserProperties(properties: Record<string, string>, once: boolean): void {
  if (Object.keys(properties).length > 0) run((s) => s.setUserProperties(properties, once));
}

/** The SDK has loaded: the queued calls run, in order, then every call goes straight to it. */
export function attachAnalytics(next: AnalyticsSdk): void {
  sdk = next;
  for (const call of pending.splice(0)) call(next);
}

/** For tests: back to the state before the SDK loaded. */
export function detachAnalyticsForTest(): void {
  sdk = undefined;
  pending.length = 0;
}

export function queuedCallsForTest(): number {
  return pending.length;
}
