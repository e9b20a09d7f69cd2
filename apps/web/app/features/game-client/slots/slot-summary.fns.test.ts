import { frostyFortunes } from '@coinfall/shared/games/slots/machines/frosty-fortunes';
import { neonNights } from '@coinfall/shared/games/slots/machines/neon-nights';
import { enText, viewOf } from './slot-test-views.ts';
import { gridTextOf, summaryLinesOf, summaryTextOf } from './slot-summary.fns.ts';

const ctx = {
  machine: frostyFortunes,
  bet: 1_000,
  currency: 'SC' as const,
  locale: 'en',
  done: true,
};

describe('summaryLinesOf', () => {
  it('names a line win with its symbol, line and amount', () => {
    const view = viewOf({
      lineWins: [{ line: 4, symbol: 'SNOWMAN', count: 3, ways: 1, winE4: 4_500 }],
      spinWinE4: 4_500,
      payout: 450,
    });
    expect(summaryTextOf(view, ctx, enText)).toBe('3 × Snowman on line 4, won 4.5 SC');
  });

  it('names a ways win with its number of ways', () => {
    const view = viewOf({
      lineWins: [{ line: null, symbol: 'BELL', count: 4, ways: 6, winE4: 2_520 }],
      spinWinE4: 2_520,
    });
    expect(summaryLinesOf(view, { ...ctx, machine: neonNights }, enText)).toEqual([
      '4 × Bell, 6 ways, won 2.52 SC',
    ]);
  });

  it('adds scatter, bonus and free spins won, then the spin total', () => {
    const view = viewOf({
      lineWins: [{ line: 1, symbol: 'A', count: 3, ways: 1, winE4: 2_000 }],
      scatter: { count: 3, winE4: 17_200 },
      bonus: { count: 3, prizesE4: [17_200, 43_100] },
      freeSpins: { won: 10, left: 10, played: 0, multiplier: 3 },
      spinWinE4: 79_500,
    });
    expect(summaryLinesOf(view, { ...ctx, done: false }, enText)).toEqual([
      '3 × Ace on line 1, won 2 SC',
      '3 × Snowflake scatter, won 17.2 SC',
      'Bonus Gift: 2 picks, won 60.3 SC',
      '10 free spins won',
      'Win 79.5 SC',
    ]);
  });

  it('says so when a spin wins nothing', () => {
    expect(summaryLinesOf(viewOf(), ctx, enText)).toEqual(['No win']);
  });

  it('calls free spins won during free spins a retrigger, and totals the sequence at its end', () => {
    const view = viewOf({
      phase: 'free',
      freeSpins: { won: 10, left: 0, played: 12, multiplier: 3 },
      payout: 12_345,
    });
    expect(summaryLinesOf(view, ctx, enText)).toEqual([
      '10 more free spins',
      'Free spins over: total win 123.45 SC',
    ]);
  });
});

describe('gridTextOf', () => {
  it('reads the window reel by reel with symbol names', () => {
    const grid = [
      ['SANTA', 'A', 'WILD'],
      ['K', 'Q', 'J'],
      ['10', 'SCAT', 'BONUS'],
      ['SLEIGH', 'REINDEER', 'SNOWMAN'],
      ['A', 'A', 'A'],
    ];
    expect(gridTextOf(grid, frostyFortunes, enText)).toBe(
      'Reel 1: Santa, Ace, Christmas star. Reel 2: King, Queen, Jack. Reel 3: Ten, Snowflake, Gift. ' +
        'Reel 4: Sleigh, Reindeer, Snowman. Reel 5: Ace, Ace, Ace',
    );
  });
});
