import { frostyFortunes } from '@coinfall/shared/games/slots/machines/frosty-fortunes';
import { neonNights } from '@coinfall/shared/games/slots/machines/neon-nights';
import { SLOT_MACHINES } from '@coinfall/shared/games/slots/index';
import { engineViews, viewOf } from './slot-test-views.ts';
import {
  asSlotView,
  fillerLength,
  highlightOf,
  machineOf,
  paylinePoints,
  reelStripsOf,
  spinDurationMs,
  spinStartOffset,
  spinStripOf,
} from './slot-view.fns.ts';

const cellsOf = (cells: boolean[][]) =>
  cells.flatMap((reel, r) => reel.flatMap((on, row) => (on ? [`${r}:${row}`] : [])));

describe('machineOf', () => {
  it('finds each of the five machines by its slot engine key', () => {
    for (const m of SLOT_MACHINES) expect(machineOf(`slot:${m.identity}`)).toBe(m);
  });
  it('knows no machine for another engine', () => {
    expect(machineOf('dice')).toBeUndefined();
    expect(machineOf('slot:unknown')).toBeUndefined();
  });
});

describe('asSlotView', () => {
  it('accepts what the engine sends', () => {
    const [view] = engineViews('lucky-clover', 1);
    expect(asSlotView(view)).toBe(view);
  });
  it('refuses a missing view or one without a 5 × 3 grid', () => {
    expect(asSlotView(null)).toBeNull();
    expect(asSlotView({ ...viewOf(), grid: [['A', 'K', 'Q']] })).toBeNull();
    expect(asSlotView({ ...viewOf(), payout: undefined })).toBeNull();
  });
});

describe('highlightOf', () => {
  it('lights the cells of a line win and draws its payline', () => {
    // Line 4 is the V: rows 0, 1, 2, 1, 0.
    const view = viewOf({
      lineWins: [{ line: 4, symbol: 'SANTA', count: 3, ways: 1, winE4: 11_000 }],
      spinWinE4: 11_000,
    });
    const h = highlightOf(view, frostyFortunes);
    expect(cellsOf(h.cells)).toEqual(['0:0', '1:1', '2:2']);
    expect(h.lines).toEqual([{ line: 4, rows: [0, 1, 2, 1, 0], count: 3 }]);
  });

  it('lights a ways win: the symbol on reel 1, the symbol or a wild after it', () => {
    const grid = [
      ['SEVEN', 'A', 'K'],
      ['Q', 'WILD', 'SEVEN'],
      ['J', 'J', 'J'],
      ['SEVEN', 'SEVEN', 'SEVEN'],
      ['SEVEN', 'A', 'A'],
    ];
    const view = viewOf({
      grid,
      lineWins: [{ line: null, symbol: 'SEVEN', count: 2, ways: 2, winE4: 1 }],
    });
    const h = highlightOf(view, neonNights);
    expect(cellsOf(h.cells)).toEqual(['0:0', '1:1', '1:2']);
    expect(h.lines).toEqual([]);
  });

  it('lights scatters only when they paid or gave free spins', () => {
    const grid = [
      ['SCAT', 'A', 'K'],
      ['A', 'SCAT', 'K'],
      ['A', 'K', 'SCAT'],
      ['A', 'K', 'Q'],
      ['A', 'K', 'Q'],
    ];
    const quiet = viewOf({ grid, scatter: { count: 3, winE4: 0 } });
    expect(cellsOf(highlightOf(quiet, frostyFortunes).cells)).toEqual([]);
    const won = viewOf({
      grid,
      scatter: { count: 3, winE4: 17_200 },
      freeSpins: { won: 10, left: 10, played: 0, multiplier: 3 },
    });
    expect(cellsOf(highlightOf(won, frostyFortunes).cells)).toEqual(['0:0', '1:1', '2:2']);
  });

  it('lights bonus symbols when the bonus paid prizes', () => {
    const grid = viewOf().grid.map((reel, r) => (r < 3 ? ['BONUS', ...reel.slice(1)] : reel));
    const view = viewOf({ grid, bonus: { count: 3, prizesE4: [17_200] } });
    expect(cellsOf(highlightOf(view, frostyFortunes).cells)).toEqual(['0:0', '1:0', '2:0']);
  });

  it('lights every cell the engine counted in a win of real spins, and nothing on a dead spin', () => {
    for (const view of engineViews('frosty-fortunes', 150)) {
      const h = highlightOf(view, frostyFortunes);
      const lit = cellsOf(h.cells).length;
      if (view.spinWinE4 === 0 && view.freeSpins.won === 0) expect(lit).toBe(0);
      for (const win of view.lineWins) {
        const rows = h.lines.find((l) => l.line === win.line)!.rows;
        for (let reel = 0; reel < win.count; reel++) expect(h.cells[reel]![rows[reel]!]).toBe(true);
      }
    }
  });
});

describe('reel spin strips', () => {
  it('start on the window shown before and land on the strip at the stop', () => {
    const strip = ['A', 'B', 'C', 'D', 'E', 'F'];
    const spun = spinStripOf(strip, 4, ['x', 'y', 'z'], 2);
    expect(spun).toEqual(['E', 'F', 'A', 'B', 'C', 'x', 'y', 'z']);
  });

  it('land exactly on the grid the server drew, for every machine, base and free spins', () => {
    for (const machine of SLOT_MACHINES) {
      for (const view of engineViews(machine.identity, 60, 11)) {
        const strips = reelStripsOf(machine, view.phase);
        view.grid.forEach((window, reel) => {
          const spun = spinStripOf(strips[reel]!, view.stops[reel]!, ['p', 'q', 'r'], 5);
          expect(spun.slice(0, 3)).toEqual(window);
          expect(spun.slice(-3)).toEqual(['p', 'q', 'r']);
        });
      }
    }
  });

  it('start translated so the old window shows, and later reels run longer', () => {
    expect(spinStartOffset(15)).toBeCloseTo(-80);
    expect(fillerLength(4)).toBeGreaterThan(fillerLength(0));
    expect([0, 1, 2, 3, 4].map((r) => spinDurationMs(r, false))).toEqual([600, 675, 750, 825, 900]);
    expect(spinDurationMs(4, true)).toBe(0);
  });
});

describe('paylinePoints', () => {
  it('passes through the centre of each reel at the line row', () => {
    expect(paylinePoints([0, 1, 2, 1, 0])).toBe('50,50 150,150 250,250 350,150 450,50');
  });
});
