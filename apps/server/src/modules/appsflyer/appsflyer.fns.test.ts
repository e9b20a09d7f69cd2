import {
  appsFlyerTime,
  MAX_ATTEMPTS,
  outcomeOfStatus,
  retryDelayMs,
  s2sBody,
  type AppsFlyerEvent,
} from './appsflyer.fns.ts';

const event = (over: Partial<AppsFlyerEvent> = {}): AppsFlyerEvent => ({
  platform: 'android',
  appsFlyerId: '1700000000000-1234567',
  customerUserId: null,
  eventName: 'af_purchase',
  eventValue: { af_revenue: 9.99, af_currency: 'USD' },
  eventTime: new Date('2026-11-27T15:04:05.678Z'),
  ...over,
});

describe('s2sBody', () => {
  it('is AppsFlyer’s S2S body: device id, event, its time in UTC, the currency when given', () => {
    expect(s2sBody(event({ customerUserId: 'p-1' }))).toEqual({
      appsflyer_id: '1700000000000-1234567',
      customer_user_id: 'p-1',
      eventName: 'af_purchase',
      eventValue: { af_revenue: 9.99, af_currency: 'USD' },
      eventTime: '2026-11-27 15:04:05.678',
      eventCurrency: 'USD',
    });
  });

  it('names no customer for a guest and no currency without one', () => {
    const body = s2sBody(event({ eventValue: { method: 'email' } }));
    expect(body).not.toHaveProperty('customer_user_id');
    expect(body).not.toHaveProperty('eventCurrency');
  });
});

describe('outcomeOfStatus', () => {
  it('takes 2xx, gives up on a malformed event, retries the rest', () => {
    expect(outcomeOfStatus(200)).toEqual({ ok: true });
    for (const status of [400, 404, 413, 422]) {
      expect(outcomeOfStatus(status)).toMatchObject({ ok: false, retry: false });
    }
    for (const status of [401, 403, 408, 429, 500, 502, 503]) {
      expect(outcomeOfStatus(status)).toMatchObject({ ok: false, retry: true });
    }
  });
});

describe('retryDelayMs', () => {
  it('starts at 30 s, doubles, and stops growing at 6 h', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBe(6 * 60 * 60_000);
  });
});

it('formats the event time as AppsFlyer reads it', () => {
  expect(appsFlyerTime(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02 03:04:05.006');
});
