import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_QUEUE_CAP } from './analytics-settings.ts';
import {
  attachAnalytics,
  detachAnalyticsForTest,
  identifyPlayer,
  queuedCallsForTest,
  track,
  type AnalyticsSdk,
  type TrackedEvent,
} from './track.ts';

function fakeSdk() {
  const calls: string[] = [];
  const events: TrackedEvent[] = [];
  const sdk: AnalyticsSdk = {
    track: (event) => {
      calls.push(`track:${event.event_type}`);
      events.push(event);
    },
    setUserId: (id) => calls.push(`user:${id ?? ''}`),
    setUserProperties: (props, once) => calls.push(`props:${once}:${Object.keys(props).join()}`),
  };
  return { sdk, calls, events };
}

// The unit project shares modules between files (isolate: false): another file's track() calls
// may sit in the queue when this file starts.
beforeEach(() => detachAnalyticsForTest());
afterEach(() => detachAnalyticsForTest());

describe('track()', () => {
  it('queues calls until the SDK loads, then replays them in order', () => {
    identifyPlayer('player-1', { affiliateTag: 'aff1' });
    track('registration', { method: 'email' });
    expect(queuedCallsForTest()).toBe(2);
    const { sdk, calls } = fakeSdk();
    attachAnalytics(sdk);
    expect(calls).toEqual(['user:player-1', 'props:true:affiliateTag', 'track:registration']);
    expect(queuedCallsForTest()).toBe(0);
    track('login');
    expect(calls.at(-1)).toBe('track:login');
  });

  it('keeps at most the local queue cap before the SDK loads (spec §9), dropping the newest', () => {
    for (let i = 0; i < LOCAL_QUEUE_CAP + 5; i++) track('game_launch', { n: i });
    expect(queuedCallsForTest()).toBe(LOCAL_QUEUE_CAP);
    const { sdk, events } = fakeSdk();
    attachAnalytics(sdk);
    expect(events).toHaveLength(LOCAL_QUEUE_CAP);
    expect(events.at(-1)?.event_properties).toEqual({ n: LOCAL_QUEUE_CAP - 1 });
  });

  it('puts the revenue fields on the event itself, where Amplitude reads them', () => {
    const { sdk, events } = fakeSdk();
    attachAnalytics(sdk);
    track(
      'purchase',
      { currency: 'USD' },
      { price: 9.99, quantity: 1, revenue: 9.99, productId: 'p1', revenueType: 'purchase' },
    );
    expect(events[0]).toEqual({
      event_type: 'purchase',
      event_properties: { currency: 'USD' },
      price: 9.99,
      quantity: 1,
      revenue: 9.99,
      productId: 'p1',
      revenueType: 'purchase',
    });
  });
});
