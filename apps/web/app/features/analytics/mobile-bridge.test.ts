import { describe, expect, it } from 'vitest';
import { BRIDGE_QUEUE_CAP } from './analytics-settings.ts';
import { appsFlyerEventRequestSchema } from '@coinfall/shared/contracts/appsflyer';
import { ApiError } from '../../lib/api/api-error.ts';
import {
  BRIDGE_RETRY_DELAYS_MS,
  appEventValue,
  createBridgeQueue,
  detectMobileApp,
} from './mobile-bridge.ts';

describe('detectMobileApp', () => {
  it('is the app when it injected its bridge, with the bridge’s AppsFlyer id', () => {
    expect(
      detectMobileApp({
        bridge: { appsFlyerId: '1700000000000-1234567', isIos: true },
        userAgent: 'Mozilla/5.0',
        search: '',
        storedId: null,
      }),
    ).toEqual({ isMobileApp: true, appsFlyerId: '1700000000000-1234567', isIos: true });
  });

  it('is the app by its user agent, the id from the query or the tab’s storage', () => {
    const ua = 'Mozilla/5.0 (Linux; Android 14) CoinfallApp/2.1';
    expect(
      detectMobileApp({
        bridge: undefined,
        userAgent: ua,
        search: '?appsflyer_id=abc-123456',
        storedId: null,
      }),
    ).toEqual({ isMobileApp: true, appsFlyerId: 'abc-123456', isIos: false });
    expect(
      detectMobileApp({ bridge: undefined, userAgent: ua, search: '', storedId: 'stored-1234' })
        .appsFlyerId,
    ).toBe('stored-1234');
  });

  it('is not the app in a browser, whatever the query says', () => {
    expect(
      detectMobileApp({
        bridge: undefined,
        userAgent: 'Mozilla/5.0',
        search: '?appsflyer_id=abc-123456',
        storedId: null,
      }),
    ).toEqual({ isMobileApp: false, appsFlyerId: null, isIos: false });
  });
});

describe('createBridgeQueue', () => {
  it('holds events until the player is known, then sends them in order', async () => {
    const sent: string[] = [];
    const queue = createBridgeQueue(async (e) => {
      sent.push(`${e.userId}:${e.eventName}`);
    });
    queue.open();
    queue.push({ eventName: 'af_complete_registration', eventValue: {} });
    queue.push({ eventName: 'af_login', eventValue: {} });
    await Promise.resolve();
    expect(sent).toEqual([]);
    queue.setUser('p1');
    await vi.waitFor(() => expect(sent).toEqual(['p1:af_complete_registration', 'p1:af_login']));
    expect(queue.size()).toBe(0);
  });

  it('keeps at most 512 events waiting (spec §9) and goes on past a refused one', async () => {
    const sent: string[] = [];
    const queue = createBridgeQueue(async (e) => {
      if (e.eventName === 'bad') throw new ApiError(400, null);
      sent.push(e.eventName);
    });
    for (let i = 0; i < BRIDGE_QUEUE_CAP + 10; i++)
      queue.push({ eventName: i === 0 ? 'bad' : `e${i}`, eventValue: {} });
    expect(queue.size()).toBe(BRIDGE_QUEUE_CAP);
    queue.setUser('p1');
    queue.open();
    await vi.waitFor(() => expect(queue.size()).toBe(0));
    expect(sent).toHaveLength(BRIDGE_QUEUE_CAP - 1);
  });

  it('sends an event again after a network failure or a 5xx, in order, then gives up', async () => {
    const waits: number[] = [];
    const tries: Record<string, number> = {};
    const sent: string[] = [];
    const queue = createBridgeQueue(
      async (e) => {
        tries[e.eventName] = (tries[e.eventName] ?? 0) + 1;
        if (e.eventName === 'flaky' && tries.flaky! <= 2) {
          throw tries.flaky === 1 ? new TypeError('Failed to fetch') : new ApiError(503, null);
        }
        if (e.eventName === 'down') throw new ApiError(502, null);
        sent.push(e.eventName);
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    queue.setUser('p1');
    queue.push({ eventName: 'flaky', eventValue: {} });
    queue.push({ eventName: 'down', eventValue: {} });
    queue.push({ eventName: 'after', eventValue: {} });
    queue.open();
    await vi.waitFor(() => expect(queue.size()).toBe(0));
    expect(sent).toEqual(['flaky', 'after']);
    // 'flaky' waited twice; 'down' used every wait, then was dropped.
    expect(tries).toEqual({ flaky: 3, down: BRIDGE_RETRY_DELAYS_MS.length + 1, after: 1 });
    expect(waits).toEqual([...BRIDGE_RETRY_DELAYS_MS.slice(0, 2), ...BRIDGE_RETRY_DELAYS_MS]);
  });
});

describe('appEventValue', () => {
  const accepted = (eventValue: Record<string, unknown>) =>
    appsFlyerEventRequestSchema.safeParse({
      isIos: false,
      appsFlyerId: '1700000000000-1234567',
      eventName: 'af_purchase',
      eventValue,
    }).success;

  it('gives a purchase’s revenue AppsFlyer’s names, first, and keeps the rest', () => {
    const value = appEventValue({
      invoiceId: 'inv-1',
      currency: 'USD',
      amountMinor: 1999,
      paymentMethod: null,
      price: 19.99,
      quantity: 1,
      revenue: 19.99,
      productId: 'bundle-7',
      revenueType: 'purchase',
    });
    expect(value).toEqual({
      af_currency: 'USD',
      af_price: 19.99,
      af_quantity: 1,
      af_revenue: 19.99,
      af_content_id: 'bundle-7',
      af_content_type: 'purchase',
      invoiceId: 'inv-1',
      amountMinor: 1999,
      paymentMethod: null,
    });
    expect(
      Object.keys(value)
        .slice(0, 6)
        .every((k) => k.startsWith('af_')),
    ).toBe(true);
    expect(accepted(value)).toBe(true);
  });

  it('leaves out nested values and bad keys, and what would make the endpoint refuse the event', () => {
    const long = (c: string) => c.repeat(200);
    const value = appEventValue({
      method: 'email',
      nested: { a: 1 },
      'bad key': 'x',
      notANumber: Number.NaN,
      tooLong: 'x'.repeat(300),
      utm_source: long('s'),
      utm_campaign: long('c'),
      utm_content: long('t'),
      utm_term: long('u'),
    });
    expect(value).toMatchObject({ method: 'email', utm_source: long('s') });
    expect(value).not.toHaveProperty('nested');
    expect(value).not.toHaveProperty('bad key');
    expect(value).not.toHaveProperty('notANumber');
    expect(value).not.toHaveProperty('tooLong');
    expect(accepted(value)).toBe(true);
    // Without the mapping the same registration would have been refused (400) and lost.
    expect(accepted({ method: 'email', nested: { a: 1 } })).toBe(false);
  });

  it('keeps at most 20 keys', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    const value = appEventValue(many);
    expect(Object.keys(value)).toHaveLength(20);
    expect(accepted(value)).toBe(true);
  });
});
