import { MULTIPLIER_SCALE } from '../engine.ts';
import {
  reelSetOfWindow,
  REELS,
  ROWS,
  type CompiledReelSet,
  type CompiledSlotMachine,
} from './slot-compile.fns.ts';

/**
 * The one evaluation of a spin, shared by the engine, the exact RTP enumeration and the
 * simulation. The hot path allocates nothing: it reads typed arrays and writes the machine's
 * scratch buffers. `record`, when given, is told every win (the engine builds its view with it).
 */
export interface SpinRecorder {
  /** A line (index) or way win (`line` = -1, `ways` combinations) of `count` symbols. */
  lineWin(line: number, symbol: number, count: number, ways: number, winE4: number): void;
  bonusPick(prizeE4: number): void;
}

const PAY_STRIDE = 6;

/** Fills the window from `m.stops`: rows 0–2 are the symbols at stop, stop+1, stop+2 (wrapping). */
export function fillWindow(m: CompiledSlotMachine, set: CompiledReelSet): void {
  const { strips, offsets } = set;
  const { stops, window } = m;
  let scatters = 0;
  let bonuses = 0;
  for (let reel = 0; reel < REELS; reel++) {
    const at = offsets[reel]! + stops[reel]!;
    window[reel * ROWS] = strips[at]!;
    window[reel * ROWS + 1] = strips[at + 1]!;
    window[reel * ROWS + 2] = strips[at + 2]!;
    scatters += set.scattersAt[at]!;
    bonuses += set.bonusesAt[at]!;
  }
  m.scatters = scatters;
  m.bonuses = bonuses;
}

/** Set bits of an int32 (lines won in a mask). */
function bitCount(mask: number): number {
  let x = mask - ((mask >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/*
 * The evaluation runs in two stages over reel positions (`offset + stop`, see CompiledReelSet),
 * reading only per-stop tables: reels 1–4, which pays every line or way as if reel 5 did not
 * extend it and keeps the ones still alive in the machine's scratch, then reel 5, which adds
 * what extending them to 5 of a kind is worth. The exact RTP runs the first stage once per
 * stop combination of reels 1–4 and the second only when something is still alive.
 */

function linesToReel4(
  m: CompiledSlotMachine,
  set: CompiledReelSet,
  p0: number,
  p1: number,
  p2: number,
  p3: number,
): number {
  const { matchAt, firstSymbols, firstValue } = set;
  const { payE4, entrySymbols, lineMasks, symbolCount } = m;
  const n = set.firstCount[p0]!;
  let win = 0;
  let entries = 0;
  let open = 0;
  for (let i = p0 * ROWS, end = i + n; i < end; i++) {
    const symbol = firstSymbols[i]!;
    let three = firstValue[i]! & matchAt[p1 * symbolCount + symbol]!;
    if (three === 0) continue;
    three &= matchAt[p2 * symbolCount + symbol]!;
    if (three === 0) continue;
    const four = three & matchAt[p3 * symbolCount + symbol]!;
    const pays = symbol * PAY_STRIDE;
    win += payE4[pays + 3]! * bitCount(three ^ four);
    if (four !== 0) {
      win += payE4[pays + 4]! * bitCount(four);
      open++;
    }
    entrySymbols[entries] = symbol;
    lineMasks[entries * 3] = three;
    lineMasks[entries * 3 + 1] = four;
    lineMasks[entries * 3 + 2] = 0;
    entries++;
  }
  m.entries = entries;
  m.open = open;
  return win;
}

function linesOnReel5(m: CompiledSlotMachine, set: CompiledReelSet, p4: number): number {
  const { matchAt } = set;
  const { payE4, entrySymbols, lineMasks, symbolCount } = m;
  let win = 0;
  for (let e = 0; e < m.entries; e++) {
    const four = lineMasks[e * 3 + 1]!;
    if (four === 0) continue;
    const symbol = entrySymbols[e]!;
    const five = four & matchAt[p4 * symbolCount + symbol]!;
    lineMasks[e * 3 + 2] = five;
    if (five !== 0) {
      win += (payE4[symbol * PAY_STRIDE + 5]! - payE4[symbol * PAY_STRIDE + 4]!) * bitCount(five);
    }
  }
  return win;
}

/** 243 ways: each symbol of reel 1 pays once per combination of matching cells on adjacent reels. */
function waysToReel4(
  m: CompiledSlotMachine,
  set: CompiledReelSet,
  p0: number,
  p1: number,
  p2: number,
  p3: number,
): number {
  const { matchAt, firstSymbols, firstValue } = set;
  const { payE4, entrySymbols, entryCounts, entryWays, symbolCount } = m;
  const n = set.firstCount[p0]!;
  let win = 0;
  let entries = 0;
  let open = 0;
  for (let i = p0 * ROWS, end = i + n; i < end; i++) {
    const symbol = firstSymbols[i]!;
    // A symbol shown twice on reel 1 counts once, with its multiplicity (firstValue).
    let ways = firstValue[i]! * matchAt[p1 * symbolCount + symbol]!;
    if (ways === 0) continue;
    ways *= matchAt[p2 * symbolCount + symbol]!;
    if (ways === 0) continue;
    const fourth = matchAt[p3 * symbolCount + symbol]!;
    entrySymbols[entries] = symbol;
    if (fourth === 0) {
      win += payE4[symbol * PAY_STRIDE + 3]! * ways;
      entryCounts[entries] = 3;
    } else {
      ways *= fourth;
      win += payE4[symbol * PAY_STRIDE + 4]! * ways;
      entryCounts[entries] = 4;
      open++;
    }
    entryWays[entries] = ways;
    entries++;
  }
  m.entries = entries;
  m.open = open;
  return win;
}

function waysOnReel5(m: CompiledSlotMachine, set: CompiledReelSet, p4: number): number {
  const { matchAt } = set;
  const { payE4, entrySymbols, entryCounts, entryWays, entryFifth, symbolCount } = m;
  let win = 0;
  for (let e = 0; e < m.entries; e++) {
    if (entryCounts[e] !== 4) continue;
    const symbol = entrySymbols[e]!;
    const fifth = matchAt[p4 * symbolCount + symbol]!;
    entryFifth[e] = fifth;
    if (fifth !== 0) {
      const ways = entryWays[e]!;
      win +=
        payE4[symbol * PAY_STRIDE + 5]! * ways * fifth - payE4[symbol * PAY_STRIDE + 4]! * ways;
    }
  }
  return win;
}

/**
 * Stage 1 of the evaluation: line or way wins of reels 1–4 at positions p0…p3 (as if reel 5
 * matched nothing), in 1/10 000 of the total bet. Leaves what reel 5 may extend in `m.open`.
 */
export function evaluateToReel4(
  m: CompiledSlotMachine,
  set: CompiledReelSet,
  p0: number,
  p1: number,
  p2: number,
  p3: number,
): number {
  return m.ways ? waysToReel4(m, set, p0, p1, p2, p3) : linesToReel4(m, set, p0, p1, p2, p3);
}

/** Stage 2: what reel 5 at position p4 adds to the last `evaluateToReel4` (0 unless m.open). */
export function evaluateReel5(m: CompiledSlotMachine, set: CompiledReelSet, p4: number): number {
  if (m.open === 0) return 0;
  return m.ways ? waysOnReel5(m, set, p4) : linesOnReel5(m, set, p4);
}

/** Tells `record` the wins of the last evaluation, lines in line order, ways in reel-1 order. */
function reportWins(m: CompiledSlotMachine, record: SpinRecorder): void {
  const { payE4, entrySymbols } = m;
  if (m.ways) {
    for (let e = 0; e < m.entries; e++) {
      const symbol = entrySymbols[e]!;
      const fifth = m.entryCounts[e] === 4 ? m.entryFifth[e]! : 0;
      const count = fifth > 0 ? 5 : m.entryCounts[e]!;
      const ways = fifth > 0 ? m.entryWays[e]! * fifth : m.entryWays[e]!;
      const pay = payE4[symbol * PAY_STRIDE + count]! * ways;
      if (pay > 0) record.lineWin(-1, symbol, count, ways, pay);
    }
    return;
  }
  for (let line = 0; line < m.lineCount; line++) {
    const bit = 1 << line;
    for (let e = 0; e < m.entries; e++) {
      const masks = m.lineMasks;
      if ((masks[e * 3]! & bit) === 0) continue;
      const count = masks[e * 3 + 2]! & bit ? 5 : masks[e * 3 + 1]! & bit ? 4 : 3;
      const pay = payE4[entrySymbols[e]! * PAY_STRIDE + count]!;
      if (pay > 0) record.lineWin(line, entrySymbols[e]!, count, 1, pay);
    }
  }
}

/** Both stages at positions p0…p4 plus the scatter pay of `m.scatters`. */
function evaluateAt(
  m: CompiledSlotMachine,
  set: CompiledReelSet,
  p0: number,
  p1: number,
  p2: number,
  p3: number,
  p4: number,
): number {
  let win = evaluateToReel4(m, set, p0, p1, p2, p3);
  if (m.open !== 0) win += m.ways ? waysOnReel5(m, set, p4) : linesOnReel5(m, set, p4);
  return win + m.scatterPayE4[m.scatters > 5 ? 5 : m.scatters]!;
}

/**
 * Line (or way) wins plus the scatter pay (of `m.scatters`) of a window set by hand in
 * `m.window`, before any free-spin multiplier, in 1/10 000 of the total bet: the spin's own
 * evaluation on a reel set made of the window (tests and tools; it allocates).
 */
export function evaluateWindow(m: CompiledSlotMachine, record?: SpinRecorder): number {
  const set = reelSetOfWindow(m);
  const { offsets } = set;
  const win = evaluateAt(m, set, 0, offsets[1]!, offsets[2]!, offsets[3]!, offsets[4]!);
  if (record) reportWins(m, record);
  return win;
}

/** The bonus feature's prizes: `bonusPicks[count]` floats, each choosing a prize by ticket. */
export function drawBonus(
  m: CompiledSlotMachine,
  nextFloat: () => number,
  record?: SpinRecorder,
): number {
  const picks = m.bonusPicks[m.bonuses > 5 ? 5 : m.bonuses]!;
  const tickets = m.prizeByTicket;
  let win = 0;
  for (let i = 0; i < picks; i++) {
    const prize = tickets[Math.floor(nextFloat() * tickets.length)]!;
    win += prize;
    record?.bonusPick(prize);
  }
  return win;
}

/**
 * One spin on a reel set: five floats (one per reel, `stop = floor(f * length)`), then the bonus
 * picks if it triggers. Returns its win before the free-spin multiplier; leaves stops and counts
 * in the machine's scratch, and the window too when `record` is given (the engine's view).
 */
export function playSpin(
  m: CompiledSlotMachine,
  set: CompiledReelSet,
  nextFloat: () => number,
  record?: SpinRecorder,
): number {
  const { stops } = m;
  const { lengths, offsets, scattersAt, bonusesAt } = set;
  const s0 = Math.floor(nextFloat() * lengths[0]!);
  const s1 = Math.floor(nextFloat() * lengths[1]!);
  const s2 = Math.floor(nextFloat() * lengths[2]!);
  const s3 = Math.floor(nextFloat() * lengths[3]!);
  const s4 = Math.floor(nextFloat() * lengths[4]!);
  stops[0] = s0;
  stops[1] = s1;
  stops[2] = s2;
  stops[3] = s3;
  stops[4] = s4;
  // Reel 1's offset is 0: its position is its stop.
  const p1 = offsets[1]! + s1;
  const p2 = offsets[2]! + s2;
  const p3 = offsets[3]! + s3;
  const p4 = offsets[4]! + s4;
  const scatters = scattersAt[s0]! + scattersAt[p1]! + scattersAt[p2]! + scattersAt[p3]!;
  const bonuses = bonusesAt[s0]! + bonusesAt[p1]! + bonusesAt[p2]! + bonusesAt[p3]!;
  m.scatters = scatters + scattersAt[p4]!;
  m.bonuses = bonuses + bonusesAt[p4]!;
  const win = evaluateAt(m, set, s0, p1, p2, p3, p4);
  if (record) {
    fillWindow(m, set);
    reportWins(m, record);
  }
  return m.bonuses >= 3 ? win + drawBonus(m, nextFloat, record) : win;
}

/** Free spins won by `scatters` scatters, cut so a round never passes `maxFreeSpins`. */
export function freeSpinsWon(
  m: CompiledSlotMachine,
  scatters: number,
  awardedSoFar: number,
): number {
  const award = m.freeSpinAwards[scatters > 5 ? 5 : scatters]!;
  const room = m.maxFreeSpins - awardedSoFar;
  return award < room ? award : room;
}

export interface SimulationTotals {
  spins: number;
  /** Sum of round wins, in 1/10 000 of the total bet. */
  totalWinE4: number;
  /** Sum of squared round wins in total bets (for the standard deviation). */
  sumSquares: number;
  /** Paid spins that won something or triggered a feature. */
  hits: number;
  freeSpinsPlayed: number;
}

/**
 * Plays `n` complete rounds (paid spin, bonus, every free spin with retriggers) with the
 * engine's own spin evaluation, allocating nothing per spin. Feed it a fast PRNG for RTP
 * simulation and benchmarks; the engine feeds it nothing, it calls `playSpin` itself.
 */
export function simulateSpins(
  m: CompiledSlotMachine,
  n: number,
  nextFloat: () => number,
): SimulationTotals {
  let totalWinE4 = 0;
  let sumSquares = 0;
  let hits = 0;
  let freeSpinsPlayed = 0;
  const multiplier = m.freeSpinMultiplier;
  for (let i = 0; i < n; i++) {
    let win = playSpin(m, m.base, nextFloat);
    let awarded = freeSpinsWon(m, m.scatters, 0);
    if (win > 0 || awarded > 0 || m.bonuses >= 3) hits++;
    let left = awarded;
    while (left > 0) {
      left--;
      freeSpinsPlayed++;
      win += playSpin(m, m.free, nextFloat) * multiplier;
      const more = freeSpinsWon(m, m.scatters, awarded);
      awarded += more;
      left += more;
    }
    totalWinE4 += win;
    const inBets = win / MULTIPLIER_SCALE;
    sumSquares += inBets * inBets;
  }
  return { spins: n, totalWinE4, sumSquares, hits, freeSpinsPlayed };
}
