import { isEligible, type QuestPlayerFacts } from './quest-eligibility.fns.ts';

const now = new Date('2026-03-01T12:00:00Z');
const purchaser: QuestPlayerFacts = {
  registeredAt: new Date('2026-01-01T00:00:00Z'),
  country: 'US',
  segmentIds: [1],
  excludedUntil: null,
};

describe('isEligible and protection (decision 030)', () => {
  it('targets no segment while an exclusion stands, and the player again once it ended', () => {
    const excluded = { ...purchaser, excludedUntil: new Date(now.getTime() + 86_400_000) };
    expect(isEligible({ segmentIds: [1] }, purchaser, now)).toBe(true);
    expect(isEligible({ segmentIds: [1] }, excluded, now)).toBe(false);
    expect(isEligible({ purchasersOnly: true }, excluded, now)).toBe(false);
    expect(isEligible({}, excluded, now)).toBe(true); // an untargeted quest is not marketing
    const ended = { ...purchaser, excludedUntil: new Date(now.getTime() - 1) };
    expect(isEligible({ purchasersOnly: true }, ended, now)).toBe(true);
  });
});
