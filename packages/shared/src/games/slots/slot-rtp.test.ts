import { SLOT_ENGINES } from './index.ts';
import { computeSlotStats, type SlotStats } from './slot-rtp.fns.ts';

/**
 * Check F3: each machine's advertised RTP equals the exact figure from full enumeration of
 * both reel sets (≈ 8 M + 3 M stop combinations, reel 5 taken by class where nothing reaches
 * it: well under a second per machine), within ±0.01 pp.
 */
const stats = new Map<string, SlotStats>();

describe('slot exact RTP (F3)', () => {
  beforeAll(() => {
    for (const engine of SLOT_ENGINES) stats.set(engine.key, computeSlotStats(engine.machine));
  }, 30_000);

  for (const engine of SLOT_ENGINES) {
    it(`${engine.key} advertises its enumerated RTP, between 94 % and 97 %`, () => {
      const exact = stats.get(engine.key)!;
      expect(Math.abs(engine.rtp - exact.rtp)).toBeLessThanOrEqual(0.0001);
      expect(exact.rtp).toBeGreaterThanOrEqual(0.94);
      expect(exact.rtp).toBeLessThanOrEqual(0.97);
      expect(exact.baseRtp + exact.bonusRtp + exact.freeSpinsRtp).toBeCloseTo(exact.rtp, 12);
      expect(exact.combinations.base).toBe(
        Array.from(engine.machine.base.lengths).reduce((p, l) => p * l, 1),
      );
    });
  }

  it('orders volatility labels by standard deviation per spin: low < medium < high', () => {
    const byLabel = (label: string) =>
      SLOT_ENGINES.filter((e) => e.volatility === label).map((e) => stats.get(e.key)!.stdDev);
    expect(Math.max(...byLabel('low'))).toBeLessThan(Math.min(...byLabel('medium')));
    expect(Math.max(...byLabel('medium'))).toBeLessThan(Math.min(...byLabel('high')));
  });
});
