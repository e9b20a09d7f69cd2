import { eligibilityRefusal, type PlayerFacts } from './eligibility.fns.ts';

const now = new Date('2026-03-01T12:00:00Z');
const purchaser: PlayerFacts = {
  registeredAt: new Date('2026-01-01T00:00:00Z'),
  country: 'US',
  segmentIds: [1],
  excludedUntil: null,
  wagered: 0,
};

describe('eligibilityRefusal and protection (decision 030)', () => {
  it('targets no segment while a break stands, and the player again once it ended', () => {
    const onBreak = { ...purchaser, excludedUntil: new Date(now.getTime() + 86_400_000) };
    expect(eligibilityRefusal({ segmentIds: [1] }, purchaser, now)).toBeNull();
    expect(eligibilityRefusal({ purchasersOnly: true }, purchaser, now)).toBeNull();
    expect(eligibilityRefusal({ segmentIds: [1] }, onBreak, now)).toMatch(/not available/);
    expect(eligibilityRefusal({ purchasersOnly: true }, onBreak, now)).toMatch(/purchase/);
    const ended = { ...purchaser, excludedUntil: new Date(now.getTime() - 1) };
    expect(eligibilityRefusal({ segmentIds: [1] }, ended, now)).toBeNull();
  });
});
