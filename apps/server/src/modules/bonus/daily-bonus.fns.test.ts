import { dailyClaimAt, DAILY_CLAIM_EVERY_MS } from './daily-bonus.fns.ts';

const T0 = new Date('2026-12-01T09:00:00Z');
const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000);
const REWARDS = [100, 200, 300];

describe('dailyClaimAt', () => {
  it('lets a first claim through at the first step of the table', () => {
    expect(dailyClaimAt({ lastClaimAt: null, streak: 0 }, T0, REWARDS)).toEqual({
      claimable: true,
      streak: 1,
      reward: 100,
      nextClaimAt: new Date(T0.getTime() + DAILY_CLAIM_EVERY_MS),
    });
  });

  it('refuses a second claim within 24 h and says when the next one opens', () => {
    expect(dailyClaimAt({ lastClaimAt: T0, streak: 1 }, hours(23.99), REWARDS)).toEqual({
      claimable: false,
      nextClaimAt: hours(24),
    });
  });

  it('continues the streak within 48 h and stays at the last step', () => {
    expect(dailyClaimAt({ lastClaimAt: T0, streak: 1 }, hours(24), REWARDS)).toMatchObject({
      streak: 2,
      reward: 200,
    });
    expect(dailyClaimAt({ lastClaimAt: T0, streak: 6 }, hours(47), REWARDS)).toMatchObject({
      streak: 7,
      reward: 300,
    });
  });

  it('starts the streak again after 48 h without a claim', () => {
    expect(dailyClaimAt({ lastClaimAt: T0, streak: 5 }, hours(48), REWARDS)).toMatchObject({
      streak: 1,
      reward: 100,
    });
  });
});
