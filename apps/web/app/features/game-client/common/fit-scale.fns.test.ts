import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitScale } from './fit-scale.fns';

describe('fitScale', () => {
  it('shrinks a board taller than its box to the box height', () => {
    expect(fitScale({ width: 390, height: 300 }, { width: 360, height: 600 })).toBe(0.5);
  });
  it('never enlarges, and stops at the minimum', () => {
    expect(fitScale({ width: 1000, height: 800 }, { width: 500, height: 400 })).toBe(1);
    expect(fitScale({ width: 100, height: 100 }, { width: 1000, height: 1000 }, 0.4)).toBe(0.4);
  });
  it('is 1 before layout', () => {
    expect(fitScale({ width: 0, height: 0 }, { width: 300, height: 300 })).toBe(1);
  });
  it('the scaled content fits whenever the minimum allows it', () => {
    const size = fc.integer({ min: 1, max: 4000 });
    fc.assert(
      fc.property(size, size, size, size, (bw, bh, cw, ch) => {
        const s = fitScale({ width: bw, height: bh }, { width: cw, height: ch }, 0);
        expect(s).toBeLessThanOrEqual(1);
        expect(cw * s).toBeLessThanOrEqual(bw + 1e-9);
        expect(ch * s).toBeLessThanOrEqual(bh + 1e-9);
      }),
    );
  });
});
