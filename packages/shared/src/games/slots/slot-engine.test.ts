import { MULTIPLIER_SCALE, payoutOf } from '../engine.ts';
import { SLOT_ENGINES } from './index.ts';
import { luckyClover } from './machines/lucky-clover.ts';
import { compileSlotMachine } from './slot-compile.fns.ts';
import type { SlotSpinView } from './slot-engine.ts';
import { evaluateWindow, simulateSpins } from './slot-spin.fns.ts';
import { fairFloats, floatsOf, playRound, sfc32 } from './test/slot-rounds.ts';

/** Sets a window by hand: `rows[row]` lists the symbols of reels 1–5. */
function windowOf(keys: readonly string[], rows: string[]): Uint8Array {
  const window = new Uint8Array(15);
  rows.forEach((row, r) =>
    row.split(' ').forEach((key, reel) => (window[reel * 3 + r] = keys.indexOf(key))),
  );
  return window;
}

describe('slot engine', () => {
  it('registers one engine per catalog machine', () => {
    expect(SLOT_ENGINES.map((e) => e.key).sort()).toEqual([
      'slot:dragon-hoard',
      'slot:frosty-fortunes',
      'slot:lucky-clover',
      'slot:neon-nights',
      'slot:pharaohs-vault',
    ]);
  });

  it('maps one float per reel to floor(f * length) and shows the 3 symbols from the stop down', () => {
    const engine = SLOT_ENGINES.find((e) => e.key === 'slot:lucky-clover')!;
    const lengths = Array.from(engine.machine.base.lengths);
    const floats = [0, 0.999999, 0.5, 0.25, 0.75];
    const step = engine.start(floatsOf(sfcOf(floats)), 100, {});
    const view = step.view as SlotSpinView;
    expect(view.stops).toEqual(floats.map((f, i) => Math.floor(f * lengths[i]!)));
    const strip = luckyClover.baseReels[1]!.split(' ');
    const stop = view.stops[1]!;
    expect(view.grid[1]).toEqual([0, 1, 2].map((row) => strip[(stop + row) % strip.length]));
  });

  it('pays a line with wild substitution and ignores scatters on lines', () => {
    const m = compileSlotMachine(luckyClover);
    m.window.set(windowOf(m.symbolKeys, ['A A WILD A K', 'K Q J 10 Q', 'SCAT SCAT SCAT Q J']));
    m.scatters = 3;
    m.bonuses = 0;
    const pays = luckyClover.symbols.find((s) => s.key === 'A')!.pays!;
    const coinE4 = MULTIPLIER_SCALE / luckyClover.coinsPerBet;
    // Line 2 (top row): 4 × A through the wild; three scatters anywhere pay the scatter pay.
    const expected = pays[1] * coinE4 + luckyClover.scatterPays[0] * MULTIPLIER_SCALE;
    expect(evaluateWindow(m)).toBe(expected);
  });

  it('counts 243 ways as the product of matching cells per reel', () => {
    const engine = SLOT_ENGINES.find((e) => e.key === 'slot:neon-nights')!;
    const m = engine.machine;
    m.window.set(windowOf(m.symbolKeys, ['A A WILD K K', 'A K A Q Q', 'Q J Q J J']));
    m.scatters = 0;
    m.bonuses = 0;
    const pays = engine.definition.symbols.find((s) => s.key === 'A')!.pays!;
    const coinE4 = MULTIPLIER_SCALE / engine.definition.coinsPerBet;
    // A: 2 on reel 1 × 1 on reel 2 × 2 (A + wild) on reel 3 = 4 ways of 3; Q: 1 × 0 → none.
    expect(evaluateWindow(m)).toBe(4 * pays[0] * coinE4);
  });

  it('plays free spins by act until none are left, then settles the total', () => {
    for (const engine of SLOT_ENGINES) {
      let nonce = 0;
      let steps = playRound(engine, fairFloats('def', 'abc', nonce), 100);
      while (steps.length === 1) steps = playRound(engine, fairFloats('def', 'abc', ++nonce), 100);
      const last = steps.at(-1)!;
      expect(steps.slice(0, -1).every((s) => !s.done)).toBe(true);
      expect(last.done).toBe(true);
      expect(last.state.freeSpinsLeft).toBe(0);
      expect(last.state.freeSpinsPlayed).toBe(steps.length - 1);
      expect(last.state.freeSpinsAwarded).toBe(steps.length - 1);
      expect(last.state.freeSpinsAwarded).toBeLessThanOrEqual(engine.machine.maxFreeSpins);
      const views = steps.map((s) => s.view as SlotSpinView);
      expect(views.slice(1).every((v) => v.phase === 'free')).toBe(true);
      const total = views.reduce((sum, v) => sum + v.spinWinE4, 0);
      expect(last.state.totalWinE4).toBe(total);
      expect(last.payout).toBe(payoutOf(100, total));
      expect(() =>
        engine.act!(fairFloats('def', 'abc', nonce), last.state, { type: 'spin' }),
      ).toThrow();
    }
  });

  it('resumes a stored round from its state and float cursor with identical results', () => {
    const engine = SLOT_ENGINES.find((e) => e.key === 'slot:frosty-fortunes')!;
    let nonce = 0;
    let straight = playRound(engine, fairFloats('def', 'abc', nonce), 200);
    while (straight.length < 3)
      straight = playRound(engine, fairFloats('def', 'abc', ++nonce), 200);

    const first = fairFloats('def', 'abc', nonce);
    let step = engine.start(first, 200, {});
    let cursor = first.used;
    const resumed = [step];
    while (!step.done) {
      // As the server does: the state goes through storage, the stream restarts at the cursor.
      const stored = JSON.parse(JSON.stringify(step.state)) as typeof step.state;
      const floats = fairFloats('def', 'abc', nonce, cursor);
      step = engine.act!(floats, stored, { type: 'spin' });
      cursor = floats.used;
      resumed.push(step);
    }
    expect(resumed).toEqual(straight);
  });

  it('settles exactly what simulateSpins computes from the same floats', () => {
    for (const engine of SLOT_ENGINES) {
      const a = sfc32(7);
      const b = sfc32(7);
      for (let round = 0; round < 3_000; round++) {
        const steps = playRound(engine, floatsOf(a), 100);
        const simulated = simulateSpins(engine.machine, 1, b);
        expect(steps.at(-1)!.state.totalWinE4).toBe(simulated.totalWinE4);
      }
    }
  });

  it('refuses a bet that is not a positive integer and unknown actions', () => {
    const engine = SLOT_ENGINES[0]!;
    expect(() => engine.start(fairFloats('def', 'abc', 0), 0, {})).toThrow();
    expect(() => engine.start(fairFloats('def', 'abc', 0), 1.5, {})).toThrow();
    expect(engine.actionSchema!.safeParse({ type: 'collect' }).success).toBe(false);
    expect(engine.paramsSchema.safeParse({ lines: 5 }).success).toBe(false);
  });
});

function sfcOf(values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}
