import fc from 'fast-check';
import { swipeCloses, swipeOffset } from './swipe.fns.ts';

describe('swipeCloses', () => {
  it('closes when the drag passes 10 % of the modal size, however slow', () => {
    expect(swipeCloses({ distance: 61, durationMs: 2000, size: 600 })).toBe(true);
  });

  it('stays open for a slow drag up to 10 % of the size', () => {
    expect(swipeCloses({ distance: 60, durationMs: 2000, size: 600 })).toBe(false);
  });

  it('closes on a short flick under 300 ms beyond the tap tolerance', () => {
    expect(swipeCloses({ distance: 20, durationMs: 299, size: 600 })).toBe(true);
    expect(swipeCloses({ distance: 20, durationMs: 300, size: 600 })).toBe(false);
  });

  it('treats a movement within 10 px as a tap, however quick', () => {
    expect(swipeCloses({ distance: 10, durationMs: 50, size: 40 })).toBe(false);
  });

  it('never closes when dragged the other way', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5000, max: 0, noNaN: true }),
        fc.nat(5000),
        fc.nat(5000),
        (distance, durationMs, size) => {
          expect(swipeCloses({ distance, durationMs, size })).toBe(false);
        },
      ),
    );
  });

  it('a longer drag never turns a closing swipe into a non-closing one', () => {
    fc.assert(
      fc.property(
        fc.nat(2000),
        fc.nat(2000),
        fc.nat(3000),
        fc.integer({ min: 1, max: 2000 }),
        (d, extra, t, size) => {
          if (swipeCloses({ distance: d, durationMs: t, size })) {
            expect(swipeCloses({ distance: d + extra, durationMs: t, size })).toBe(true);
          }
        },
      ),
    );
  });
});

describe('swipeOffset', () => {
  it('follows the finger only in the closing direction', () => {
    expect(swipeOffset(42)).toBe(42);
    expect(swipeOffset(-42)).toBe(0);
  });
});
