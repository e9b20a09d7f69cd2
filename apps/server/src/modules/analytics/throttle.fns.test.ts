import { judge, sendersOf, THROTTLE_WINDOW_MS, windowAt } from './throttle.fns.ts';
import { createLocalThrottleStore } from './throttle.store.ts';

const limits = { epsThreshold: 30, dailyQuota: 1_000 };

describe('sendersOf', () => {
  it('counts each device and user of a request once, by kind', () => {
    expect(
      sendersOf([
        { device_id: 'd1', user_id: 'u1' },
        { device_id: 'd1' },
        { user_id: 'd1' },
        { device_id: null, user_id: '' },
      ]),
    ).toEqual([
      { kind: 'device', id: 'd1', count: 2 },
      { kind: 'user', id: 'u1', count: 1 },
      { kind: 'user', id: 'd1', count: 1 },
    ]);
  });
});

describe('judge', () => {
  const sender = { kind: 'device' as const, id: 'd1', count: 100 };
  it('refuses past 30 events/s averaged over the window, this request included', () => {
    expect(judge(sender, { current: 200, previous: 0, today: 0 }, 1, limits)).toBeNull();
    expect(judge(sender, { current: 201, previous: 0, today: 0 }, 1, limits)).toEqual({
      sender,
      eps: 30.1,
      today: null,
    });
    // The previous bucket counts for the part of it still in the window.
    expect(judge(sender, { current: 0, previous: 400, today: 0 }, 0.5, limits)).toBeNull();
    expect(judge(sender, { current: 0, previous: 400, today: 0 }, 0.51, limits)?.eps).toBe(30.4);
  });

  it('refuses past the daily quota', () => {
    expect(judge(sender, { current: 0, previous: 0, today: 901 }, 0, limits)).toEqual({
      sender,
      eps: null,
      today: 1_001,
    });
  });
});

describe('windowAt', () => {
  it('weighs the previous bucket by the share of it still in the window', () => {
    const start = 1_800_000_000_000;
    expect(windowAt(start)).toMatchObject({ previousWeight: 1, day: '2027-01-15' });
    expect(windowAt(start + THROTTLE_WINDOW_MS / 4).previousWeight).toBe(0.75);
    expect(windowAt(start + THROTTLE_WINDOW_MS).bucket).toBe(windowAt(start).bucket + 1);
  });
});

describe('the local throttle store', () => {
  const device = (count: number) => [{ kind: 'device' as const, id: 'd1', count }];
  it('counts admitted requests only, and forgets them as the window slides', async () => {
    const store = createLocalThrottleStore(limits);
    const t = 1_800_000_000_000;
    expect(await store.admit('site', device(300), t)).toEqual([]);
    expect(await store.admit('site', device(1), t)).toHaveLength(1);
    // The refused event was not counted: another project's device is another sender.
    expect(await store.admit('other', device(300), t)).toEqual([]);
    expect(await store.admit('site', device(150), t + THROTTLE_WINDOW_MS * 1.5)).toEqual([]);
    expect(await store.admit('site', device(1), t + THROTTLE_WINDOW_MS * 3)).toEqual([]);
  });

  it('keeps the day count across windows until the UTC day changes', async () => {
    const store = createLocalThrottleStore({ epsThreshold: 1_000, dailyQuota: 10 });
    const midnight = Date.parse('2027-01-15T00:00:00Z');
    expect(await store.admit('site', device(10), midnight - 60_000)).toEqual([]);
    expect(await store.admit('site', device(1), midnight - 1_000)).toMatchObject([{ today: 11 }]);
    expect(await store.admit('site', device(10), midnight)).toEqual([]);
  });
});
