import { MULTIPLIER_SCALE } from '../engine.ts';
import type { SlotMachineDefinition } from './slot-machine.types.ts';

export const REELS = 5;
export const ROWS = 3;
/** Pay and award tables are indexed by count 0…5 (scatter counts never exceed 5, see below). */
const COUNTS = 6;
const NONE = -1;

/** One reel set as flat typed arrays: each strip is stored with its first ROWS-1 symbols
 * appended, so the window of stop s is `strips[offset + s … offset + s + 2]` without a modulo.
 * A reel's stop is a "position" `offset + stop`; every per-stop table is indexed by position. */
export interface CompiledReelSet {
  strips: Uint8Array;
  offsets: Int32Array;
  lengths: Int32Array;
  /** Scatters (resp. bonus symbols) in the window of each stop, same indexing as `strips`. */
  scattersAt: Uint8Array;
  bonusesAt: Uint8Array;
  /**
   * Reel 1 (offset 0): the regular symbols of the window of each stop, each once, in row order
   * of first sight (`firstSymbols[stop * 3 + i]`, `i < firstCount[stop]`), and for each its
   * `firstValue`: on a line machine the mask of the lines starting on it (bit = line index), on
   * a ways machine how many of the window's cells show it.
   */
  firstCount: Uint8Array;
  firstSymbols: Uint8Array;
  firstValue: Int32Array;
  /**
   * Reels 2–5: `matchAt[position * symbolCount + symbol]` is, on a line machine, the mask of the
   * lines whose cell on that reel is the symbol or a wild; on a ways machine, how many cells of
   * the window are.
   */
  matchAt: Int32Array;
}

/**
 * A machine ready for the hot path: symbol ids, line rows and pay lookups in typed arrays, plus
 * scratch buffers reused by every spin (engines run synchronously, so sharing them is safe).
 */
export interface CompiledSlotMachine {
  definition: SlotMachineDefinition;
  symbolKeys: readonly string[];
  symbolCount: number;
  wild: number;
  scatter: number;
  bonus: number;
  isRegular: Uint8Array;
  /** Multiplier (1/10 000 of the total bet) for `symbol * 6 + count` of a kind, per line or way. */
  payE4: Int32Array;
  ways: boolean;
  lineCount: number;
  /** Row of each line on each reel: `lineRows[line * 5 + reel]`. */
  lineRows: Uint8Array;
  scatterPayE4: Int32Array;
  freeSpinAwards: Int32Array;
  freeSpinMultiplier: number;
  maxFreeSpins: number;
  bonusPicks: Int32Array;
  /** Prize multiplier by ticket: a pick is `prizeByTicket[floor(f * length)]`. */
  prizeByTicket: Int32Array;
  base: CompiledReelSet;
  free: CompiledReelSet;
  /** Scratch: the last spin's stops and window (`window[reel * 3 + row]`) and its counts. */
  stops: Int32Array;
  window: Uint8Array;
  scatters: number;
  bonuses: number;
  /**
   * Scratch of the evaluation (slot-spin.fns.ts), per reel-1 symbol that reached reel 3
   * (`entries` of them): its symbol, then on a line machine the masks of its lines of 3+, 4+
   * and 5 (`lineMasks[entry * 3 + …]`), on a ways machine its count (3 or 4) and ways up to
   * reel 4 and its matching cells on reel 5. `open`: entries still alive at reel 4.
   */
  entries: number;
  open: number;
  entrySymbols: Int32Array;
  lineMasks: Int32Array;
  entryCounts: Int32Array;
  entryWays: Int32Array;
  entryFifth: Int32Array;
}

/** What the per-stop tables of a reel set depend on. */
interface ReelSetRules {
  scatter: number;
  bonus: number;
  wild: number;
  isRegular: Uint8Array;
  ways: boolean;
  lineCount: number;
  lineRows: Uint8Array;
}

function toE4(multiple: number, what: string): number {
  const e4 = Math.round(multiple * MULTIPLIER_SCALE);
  if (Math.abs(e4 - multiple * MULTIPLIER_SCALE) > 1e-9 || e4 < 0) {
    throw new Error(`${what}: ${multiple} is not a whole multiple of 1/${MULTIPLIER_SCALE}`);
  }
  return e4;
}

function compileReelSet(
  strips: readonly string[],
  idOf: ReadonlyMap<string, number>,
  rules: ReelSetRules,
  label: string,
): CompiledReelSet {
  if (strips.length !== REELS) throw new Error(`${label}: ${REELS} reels expected`);
  const reels = strips.map((strip, reel) =>
    strip
      .trim()
      .split(/\s+/)
      .map((key) => {
        const id = idOf.get(key);
        if (id === undefined) throw new Error(`${label} reel ${reel + 1}: unknown symbol ${key}`);
        return id;
      }),
  );
  return buildReelSet(reels, rules, label);
}

function buildReelSet(
  reels: readonly (readonly number[])[],
  rules: ReelSetRules,
  label: string,
): CompiledReelSet {
  const { scatter, bonus, wild, isRegular, ways, lineCount, lineRows } = rules;
  const symbolCount = isRegular.length;
  const total = reels.reduce((sum, reel) => sum + reel.length + ROWS - 1, 0);
  const first = reels[0]!.length;
  const set: CompiledReelSet = {
    strips: new Uint8Array(total),
    offsets: new Int32Array(REELS),
    lengths: new Int32Array(REELS),
    scattersAt: new Uint8Array(total),
    bonusesAt: new Uint8Array(total),
    firstCount: new Uint8Array(first),
    firstSymbols: new Uint8Array(first * ROWS),
    firstValue: new Int32Array(first * ROWS),
    matchAt: new Int32Array(total * symbolCount),
  };
  // The line mask of the lines crossing `row` of `reel`.
  const linesThrough = (reel: number, row: number) => {
    let mask = 0;
    for (let line = 0; line < lineCount; line++) {
      if (lineRows[line * REELS + reel] === row) mask |= 1 << line;
    }
    return mask;
  };
  let offset = 0;
  reels.forEach((reel, r) => {
    const length = reel.length;
    // Wilds never land on reel 1, so a line or way always starts on a paying symbol.
    if (r === 0 && reel.includes(wild)) throw new Error(`${label}: a wild on reel 1`);
    set.offsets[r] = offset;
    set.lengths[r] = length;
    for (let i = 0; i < length + ROWS - 1; i++) set.strips[offset + i] = reel[i % length]!;
    for (let stop = 0; stop < length; stop++) {
      const at = offset + stop;
      let scatters = 0;
      let bonuses = 0;
      for (let row = 0; row < ROWS; row++) {
        const id = reel[(stop + row) % length]!;
        if (id === scatter) scatters++;
        if (id === bonus) bonuses++;
        if (r === 0) {
          if (isRegular[id] === 0) continue;
          let entry = 0;
          while (entry < set.firstCount[stop]! && set.firstSymbols[stop * ROWS + entry] !== id) {
            entry++;
          }
          set.firstCount[stop] = Math.max(set.firstCount[stop]!, entry + 1);
          set.firstSymbols[stop * ROWS + entry] = id;
          set.firstValue[stop * ROWS + entry]! += ways ? 1 : linesThrough(0, row);
        } else {
          for (let symbol = 0; symbol < symbolCount; symbol++) {
            if (isRegular[symbol] === 0 || (id !== symbol && id !== wild)) continue;
            set.matchAt[at * symbolCount + symbol]! += ways ? 1 : linesThrough(r, row);
          }
        }
      }
      // At most one per reel window keeps counts 0…5, as pay tables and players expect.
      if (scatters > 1 || bonuses > 1) {
        throw new Error(`${label} reel ${r + 1}: two scatters or bonus symbols in one window`);
      }
      set.scattersAt[at] = scatters;
      set.bonusesAt[at] = bonuses;
    }
    offset += length + ROWS - 1;
  });
  return set;
}

/**
 * A reel set whose every reel is one column of `m.window` (stop 0 shows it), to evaluate a
 * window set by hand with the same tables and code as a spin (tests, tools).
 */
export function reelSetOfWindow(m: CompiledSlotMachine): CompiledReelSet {
  const reels = Array.from({ length: REELS }, (_, reel) =>
    Array.from(m.window.subarray(reel * ROWS, reel * ROWS + ROWS)),
  );
  return buildReelSet(reels, m, `${m.definition.identity} window`);
}

function onlyIdOf(definition: SlotMachineDefinition, kind: string, required: boolean): number {
  const ids = definition.symbols.flatMap((s, id) => (s.kind === kind ? [id] : []));
  if (ids.length > 1 || (required && ids.length === 0)) {
    throw new Error(`${definition.identity}: exactly one ${kind} symbol expected`);
  }
  return ids[0] ?? NONE;
}

/** Validates a definition and turns it into lookup tables (done once per machine). */
export function compileSlotMachine(definition: SlotMachineDefinition): CompiledSlotMachine {
  const label = definition.identity;
  const idOf = new Map(definition.symbols.map((s, id) => [s.key, id]));
  const wild = onlyIdOf(definition, 'wild', true);
  const scatter = onlyIdOf(definition, 'scatter', true);
  const bonus = onlyIdOf(definition, 'bonus', definition.bonus !== undefined);
  const coinE4 = MULTIPLIER_SCALE / definition.coinsPerBet;
  if (!Number.isInteger(coinE4)) throw new Error(`${label}: coinsPerBet must divide 10 000`);

  const symbolCount = definition.symbols.length;
  const isRegular = new Uint8Array(symbolCount);
  const payE4 = new Int32Array(symbolCount * COUNTS);
  definition.symbols.forEach((symbol, id) => {
    if (symbol.kind !== 'regular') return;
    isRegular[id] = 1;
    const pays = symbol.pays ?? [0, 0, 0];
    pays.forEach((coins, i) => {
      if (!Number.isInteger(coins) || coins < 0) throw new Error(`${label}: pay ${coins}`);
      payE4[id * COUNTS + 3 + i] = coins * coinE4;
    });
  });

  const mode = definition.winMode;
  const lines = mode.kind === 'lines' ? mode.lines : [];
  if (mode.kind === 'lines' && lines.length !== definition.coinsPerBet) {
    throw new Error(`${label}: a line machine bets one coin per line`);
  }
  // Lines are bits of an int32 mask in the evaluation.
  if (lines.length > 32) throw new Error(`${label}: at most 32 lines`);
  const lineRows = new Uint8Array(lines.length * REELS);
  lines.forEach((rows, line) =>
    rows.forEach((row, reel) => {
      if (row < 0 || row >= ROWS) throw new Error(`${label}: line ${line + 1} row ${row}`);
      lineRows[line * REELS + reel] = row;
    }),
  );

  const scatterPayE4 = new Int32Array(COUNTS);
  const freeSpinAwards = new Int32Array(COUNTS);
  const bonusPicks = new Int32Array(COUNTS);
  for (let i = 0; i < 3; i++) {
    scatterPayE4[3 + i] = toE4(definition.scatterPays[i]!, `${label} scatter pay`);
    freeSpinAwards[3 + i] = definition.freeSpins.awards[i]!;
    bonusPicks[3 + i] = definition.bonus?.picks[i] ?? 0;
  }
  const tickets = (definition.bonus?.prizes ?? []).flatMap(({ multiple, weight }) => {
    if (!Number.isInteger(weight) || weight <= 0) throw new Error(`${label}: prize weight`);
    return Array<number>(weight).fill(toE4(multiple, `${label} bonus prize`));
  });
  const { multiplier, maxSpins } = definition.freeSpins;
  if (!Number.isInteger(multiplier) || multiplier < 1) throw new Error(`${label}: multiplier`);

  const rules: ReelSetRules = {
    scatter,
    bonus,
    wild,
    isRegular,
    ways: mode.kind === 'ways',
    lineCount: lines.length,
    lineRows,
  };
  return {
    definition,
    symbolKeys: definition.symbols.map((s) => s.key),
    symbolCount,
    wild,
    scatter,
    bonus,
    isRegular,
    payE4,
    ways: mode.kind === 'ways',
    lineCount: lines.length,
    lineRows,
    scatterPayE4,
    freeSpinAwards,
    freeSpinMultiplier: multiplier,
    maxFreeSpins: maxSpins,
    bonusPicks,
    prizeByTicket: Int32Array.from(tickets),
    base: compileReelSet(definition.baseReels, idOf, rules, `${label} base`),
    free: compileReelSet(definition.freeReels, idOf, rules, `${label} free`),
    stops: new Int32Array(REELS),
    window: new Uint8Array(REELS * ROWS),
    scatters: 0,
    bonuses: 0,
    entries: 0,
    open: 0,
    entrySymbols: new Int32Array(ROWS),
    lineMasks: new Int32Array(ROWS * 3),
    entryCounts: new Int32Array(ROWS),
    entryWays: new Int32Array(ROWS),
    entryFifth: new Int32Array(ROWS),
  };
}
