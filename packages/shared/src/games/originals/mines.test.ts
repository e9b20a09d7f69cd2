import { hmacFloats, seededFloats } from '../testing/hmac-floats.ts';
import { simulationTolerance } from '../testing/stats.ts';
import { EngineRuleError } from '../engine-rule-error.ts';
import {
  applyMinesAction,
  MINES_TILES,
  minesActionSchema,
  minesDistribution,
  minesEngine,
  minesMultiplierE4,
  minesParamsSchema,
  minesRtpOf,
  type MinesState,
  type MinesView,
} from './mines.ts';
import { binomial, rtpOfDistribution, sigmaOfDistribution } from './odds.fns.ts';

const start = (mines: number, nonce = 0, bet = 1000) =>
  minesEngine.start(hmacFloats('mines-seed', 'client', nonce), bet, { mines });
const safeTiles = (state: MinesState) =>
  Array.from({ length: MINES_TILES }, (_, t) => t).filter((t) => !state.mines.includes(t));
const act = (state: MinesState, action: Parameters<typeof applyMinesAction>[1]) =>
  minesEngine.act!(hmacFloats('unused', 'unused', 0), state, action);

/** Every k-subset of 0..n−1 (small n·k only). */
function* subsets(n: number, k: number, from = 0): Generator<number[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= n - k; i++)
    for (const rest of subsets(n, k - 1, i + 1)) yield [i, ...rest];
}

describe('mines', () => {
  it('places the mines with one float each, on distinct tiles, and hides them', () => {
    const step = start(5);
    expect(new Set(step.state.mines).size).toBe(5);
    expect(step.done).toBe(false);
    expect((step.view as MinesView).mines).toBeNull();
    expect(JSON.stringify(step.view)).not.toContain('"mines":[');
  });

  it('pays 0.99 · C(25, k) / C(25 − m, k) rounded down: x1.1250 after 1 of 3, x24.75 after 1 of 24', () => {
    expect(minesMultiplierE4(3, 1)).toBe(11_250);
    expect(minesMultiplierE4(24, 1)).toBe(247_500);
    expect(minesMultiplierE4(1, 1)).toBe(10_312);
    expect(minesMultiplierE4(3, 22)).toBe(Math.floor(9_900 * binomial(25, 3)));
  });

  it('reveals safe tiles, then cashes out at the current multiplier and shows every mine', () => {
    let step = start(3);
    const [a, b] = safeTiles(step.state);
    step = act(step.state, { type: 'reveal', tile: a! });
    step = act(step.state, { type: 'reveal', tile: b! });
    expect(step.view).toMatchObject({
      revealed: [a, b],
      multiplierE4: minesMultiplierE4(3, 2),
      mines: null,
    });
    step = act(step.state, { type: 'cashout' });
    expect(step.done).toBe(true);
    expect(step.payout).toBe(Math.floor((1000 * minesMultiplierE4(3, 2)) / 10_000));
    expect((step.view as MinesView).mines).toEqual(step.state.mines);
  });

  it('ends with payout 0 on a mine, and shows which one and all of them', () => {
    let step = start(3);
    step = act(step.state, { type: 'reveal', tile: safeTiles(step.state)[0]! });
    const mine = step.state.mines[1]!;
    step = act(step.state, { type: 'reveal', tile: mine });
    expect(step).toMatchObject({ done: true, payout: 0 });
    expect(step.view).toMatchObject({ hitMine: mine, mines: step.state.mines, multiplierE4: null });
  });

  it('ends by itself, paid in full, when every safe tile is open', () => {
    let step = start(23);
    const [a, b] = safeTiles(step.state);
    step = act(step.state, { type: 'reveal', tile: a! });
    expect(step.done).toBe(false);
    step = act(step.state, { type: 'reveal', tile: b! });
    expect(step.done).toBe(true);
    expect(step.payout).toBe(Math.floor((1000 * minesMultiplierE4(23, 2)) / 10_000));
    expect(minesMultiplierE4(23, 2)).toBe(Math.floor(9_900 * binomial(25, 2)));
  });

  it('refuses a cash-out before any reveal, a tile revealed twice and any action after the end', () => {
    const opening = start(3);
    const rule = (code: string): unknown => expect.objectContaining({ code, status: 400 });
    expect(() => act(opening.state, { type: 'cashout' })).toThrow(rule('NOTHING_TO_CASH_OUT'));
    const tile = safeTiles(opening.state)[0]!;
    const once = act(opening.state, { type: 'reveal', tile });
    expect(() => act(once.state, { type: 'reveal', tile })).toThrow(rule('TILE_ALREADY_REVEALED'));
    const ended = act(once.state, { type: 'cashout' });
    expect(() => act(ended.state, { type: 'cashout' })).toThrow(rule('ROUND_OVER'));
    expect(() => act(ended.state, { type: 'reveal', tile: 0 })).toThrow(EngineRuleError);
  });

  it('resumes from a stored state and cursor exactly as the uninterrupted round', () => {
    const live = minesEngine.start(hmacFloats('resume', 'c', 9), 500, { mines: 4 });
    expect(hmacFloats('resume', 'c', 9).used).toBe(0);
    const cursor = 4; // one float per mine; actions use none
    const stored = JSON.parse(JSON.stringify(live.state)) as MinesState;
    const tiles = safeTiles(live.state).slice(0, 3);
    let a = live;
    let b = { ...live, state: stored };
    for (const tile of tiles) {
      a = minesEngine.act!(hmacFloats('resume', 'c', 9, cursor), a.state, { type: 'reveal', tile });
      b = minesEngine.act!(hmacFloats('resume', 'c', 9, cursor), b.state, { type: 'reveal', tile });
    }
    a = act(a.state, { type: 'cashout' });
    b = act(b.state, { type: 'cashout' });
    expect(b).toEqual(a);
  });

  it('validates params (1–24 mines) and actions (tile 0–24, known types)', () => {
    expect(minesParamsSchema.parse({})).toEqual({ mines: 3 });
    for (const mines of [0, 25, 2.5])
      expect(minesParamsSchema.safeParse({ mines }).success).toBe(false);
    for (const action of [
      { type: 'reveal', tile: 25 },
      { type: 'reveal' },
      { type: 'flag', tile: 1 },
    ]) {
      expect(minesActionSchema.safeParse(action).success).toBe(false);
    }
  });

  it.each([1, 2, 3, 12, 24])('F3: best RTP with %i mines is 99.000 %, never above', (mines) => {
    expect(Math.abs(minesRtpOf({ mines }) - 0.99)).toBeLessThan(1e-4);
    for (let k = 1; k <= MINES_TILES - mines; k++) {
      expect(rtpOfDistribution(minesDistribution(mines, k))).toBeLessThanOrEqual(0.99 + 1e-12);
    }
  });

  it.each([1, 2, 3])(
    'F3: playing every placement of %i mines matches the exact RTP of each cash-out point',
    (mines) => {
      for (let k = 1; k <= 6; k++) {
        let paid = 0;
        let boards = 0;
        for (const placed of subsets(MINES_TILES, mines)) {
          let state: MinesState = {
            bet: 10_000,
            mineCount: mines,
            mines: placed,
            revealed: [],
            hitMine: null,
            done: false,
            payout: 0,
          };
          for (let tile = 0; tile < k && !state.done; tile++)
            state = applyMinesAction(state, { type: 'reveal', tile });
          if (!state.done) state = applyMinesAction(state, { type: 'cashout' });
          paid += state.payout;
          boards += 1;
        }
        expect(paid / (10_000 * boards)).toBeCloseTo(
          rtpOfDistribution(minesDistribution(mines, k)),
          12,
        );
      }
    },
  );

  /** F4: 5 000 HMAC rounds + 200 000 seeded rounds, 3 mines, cash out after 5 (σ ≈ 1.2: ±0.9 pp). */
  it('F4: simulated RTP of "3 mines, 5 reveals" stays within 3.29 σ / √N', () => {
    const expected = rtpOfDistribution(minesDistribution(3, 5));
    const sigma = sigmaOfDistribution(minesDistribution(3, 5));
    // The rules without the view (the view is not what is measured here).
    const play = (floats: ReturnType<typeof seededFloats>) => {
      let state = minesEngine.start(floats, 10_000, { mines: 3 }).state;
      for (let tile = 0; tile < 5 && !state.done; tile++)
        state = applyMinesAction(state, { type: 'reveal', tile });
      return state.done ? state.payout : applyMinesAction(state, { type: 'cashout' }).payout;
    };
    let paid = 0;
    for (let n = 0; n < 5_000; n++) paid += play(hmacFloats('f4-mines', 'sim', n));
    expect(Math.abs(paid / 5e7 - expected)).toBeLessThan(simulationTolerance(sigma, 5_000));
    const stream = seededFloats(3);
    paid = 0;
    for (let n = 0; n < 200_000; n++) paid += play(stream);
    expect(Math.abs(paid / 2e9 - expected)).toBeLessThan(simulationTolerance(sigma, 200_000));
  });
});
