/**
 * Plinko multipliers per (rows, risk), from the left edge to the middle slot; the right half
 * mirrors the left. RTPs (exact, binomial) lie between 98.90 % and 99.17 %: see plinko.test.ts.
 */
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

export const PLINKO_HALF_TABLES: Record<number, Record<PlinkoRisk, readonly number[]>> = {
  8: { low: [5.6, 2.1, 1.1, 1, 0.5], medium: [13, 3, 1.3, 0.7, 0.4], high: [29, 4, 1.5, 0.3, 0.2] },
  9: { low: [5.6, 2, 1.6, 1, 0.7], medium: [18, 4, 1.7, 0.9, 0.5], high: [43, 7, 2, 0.6, 0.2] },
  10: {
    low: [8.9, 3, 1.4, 1.1, 1, 0.5],
    medium: [22, 5, 2, 1.4, 0.6, 0.4],
    high: [76, 10, 3, 0.9, 0.3, 0.2],
  },
  11: {
    low: [8.4, 3, 1.9, 1.3, 1, 0.7],
    medium: [24, 6, 3, 1.8, 0.7, 0.5],
    high: [120, 14, 5.2, 1.4, 0.4, 0.2],
  },
  12: {
    low: [10, 3, 1.6, 1.4, 1.1, 1, 0.5],
    medium: [33, 11, 4, 2, 1.1, 0.6, 0.3],
    high: [170, 24, 8.1, 2, 0.7, 0.2, 0.2],
  },
  13: {
    low: [8.1, 4, 3, 1.9, 1.2, 0.9, 0.7],
    medium: [43, 13, 6, 3, 1.3, 0.7, 0.4],
    high: [260, 37, 11, 4, 1, 0.2, 0.2],
  },
  14: {
    low: [7.1, 4, 1.9, 1.4, 1.3, 1.1, 1, 0.5],
    medium: [58, 15, 7, 4, 1.9, 1, 0.5, 0.2],
    high: [420, 56, 18, 5, 1.9, 0.3, 0.2, 0.2],
  },
  15: {
    low: [15, 8, 3, 2, 1.5, 1.1, 1, 0.7],
    medium: [88, 18, 11, 5, 3, 1.3, 0.5, 0.3],
    high: [620, 83, 27, 8, 3, 0.5, 0.2, 0.2],
  },
  16: {
    low: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5],
    medium: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3],
    high: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2],
  },
};
