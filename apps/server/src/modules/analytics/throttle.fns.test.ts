import { judge, sendersOf, THROTTLE_WINDOW_MS, windowAt } from './throttle.fns.ts';

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
