import { AdjustmentStatus } from '../../db/schema/index.ts';
import {
  ADJUSTMENT_APPROVAL_WINDOW_MS,
  adjustmentState,
  needsSecondPair,
} from './adjustments.fns.ts';

describe('adjustmentState', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const requested = (ageMs: number) => new Date(now - ageMs);
  it('a pending request lapses at the end of its approval window', () => {
    const pending = AdjustmentStatus.Pending;
    expect(adjustmentState({ status: pending, requestedAt: requested(0) }, now)).toBe('pending');
    expect(
      adjustmentState(
        { status: pending, requestedAt: requested(ADJUSTMENT_APPROVAL_WINDOW_MS - 1) },
        now,
      ),
    ).toBe('pending');
    expect(
      adjustmentState(
        { status: pending, requestedAt: requested(ADJUSTMENT_APPROVAL_WINDOW_MS) },
        now,
      ),
    ).toBe('expired');
  });
  it('applied and rejected never expire', () => {
    const old = requested(10 * ADJUSTMENT_APPROVAL_WINDOW_MS);
    expect(adjustmentState({ status: AdjustmentStatus.Applied, requestedAt: old }, now)).toBe(
      'applied',
    );
    expect(adjustmentState({ status: AdjustmentStatus.Rejected, requestedAt: old }, now)).toBe(
      'rejected',
    );
  });
});

describe('needsSecondPair', () => {
  it('adds what the player took without approval in the window, either sign', () => {
    expect(needsSecondPair(10_000, 0, 10_000)).toBe(false);
    expect(needsSecondPair(-10_001, 0, 10_000)).toBe(true);
    expect(needsSecondPair(4_000, 6_000, 10_000)).toBe(false);
    expect(needsSecondPair(-4_001, 6_000, 10_000)).toBe(true);
  });
});
