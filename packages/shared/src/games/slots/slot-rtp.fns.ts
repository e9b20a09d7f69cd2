import { MULTIPLIER_SCALE } from '../engine.ts';
import { type CompiledReelSet, type CompiledSlotMachine } from './slot-compile.fns.ts';
import { evaluateReel5, evaluateToReel4, freeSpinsWon } from './slot-spin.fns.ts';

/**
 * Exact figures of a machine: every combination of reel stops of each reel set counts (the
 * product of the reel lengths), the bonus feature by its prize table, and the free-spin
 * sequence with retriggers and the cap by an exact recursion over (spins left, spins awarded).
 * All in multiples of the total bet.
 *
 * The enumeration uses the engine's own two-stage evaluation (slot-spin.fns.ts): stage 1 once
 * per stop combination of reels 1–4; when no line or way reaches reel 5 there, reel 5 only adds
 * its scatter and bonus symbols, so its stops are taken by (scatter, bonus) class with their
 * multiplicity; otherwise stage 2 runs for each reel-5 stop. Same totals as evaluating every
 * combination, ~20× fewer evaluations.
 */
export interface SlotStats {
  rtp: number;
  /** Part of the RTP from the paid spin's lines/ways and scatter pays. */
  baseRtp: number;
  bonusRtp: number;
  freeSpinsRtp: number;
  /** Share of paid spins that win something or trigger a feature. */
  hitFrequency: number;
  /** Standard deviation of one paid round (free spins included), in total bets. */
  stdDev: number;
  freeSpinsFrequency: number;
  bonusFrequency: number;
  /** Expected free spins played once they trigger. */
  meanFreeSpins: number;
  combinations: { base: number; free: number };
}

/** Per (scatter count, bonus count) class: combinations, Σ win and Σ win² (win in total bets). */
interface ClassTotals {
  combinations: number;
  count: Float64Array;
  sum: Float64Array;
  sumSquares: Float64Array;
  hits: number;
}

const CLASSES = 6;

function enumerateReelSet(m: CompiledSlotMachine, set: CompiledReelSet): ClassTotals {
  const count = new Float64Array(CLASSES * CLASSES);
  const sum = new Float64Array(CLASSES * CLASSES);
  const sumSquaresE8 = new Float64Array(CLASSES * CLASSES);
  let hits = 0;
  const { lengths, offsets, scattersAt, bonusesAt } = set;
  const [l0, l1, l2, l3, l4] = Array.from(lengths) as [number, number, number, number, number];
  const [, o1, o2, o3, o4] = Array.from(offsets) as [number, number, number, number, number];
  // Reel 5's stops by (scatters, bonuses) in their window: all a stop does when nothing
  // reaches reel 5. Line and way wins reaching it are evaluated stop by stop.
  const fifth = new Float64Array(4);
  for (let e = 0; e < l4; e++) fifth[scattersAt[o4 + e]! * 2 + bonusesAt[o4 + e]!]! += 1;
  const tally = (winE4: number, scatters: number, bonuses: number, n: number) => {
    const k = (scatters > 5 ? 5 : scatters) * CLASSES + (bonuses > 5 ? 5 : bonuses);
    count[k]! += n;
    if (winE4 > 0) {
      // Σ win stays an exact integer (below 2^53); Σ win² is summed in exact integer terms.
      sum[k]! += n * winE4;
      sumSquaresE8[k]! += n * winE4 * winE4;
    }
    if (winE4 > 0 || scatters >= 3 || bonuses >= 3) hits += n;
  };
  for (let a = 0; a < l0; a++) {
    const sa = scattersAt[a]!;
    const ba = bonusesAt[a]!;
    for (let b = o1; b < o1 + l1; b++) {
      const sb = sa + scattersAt[b]!;
      const bb = ba + bonusesAt[b]!;
      for (let c = o2; c < o2 + l2; c++) {
        const sc = sb + scattersAt[c]!;
        const bc = bb + bonusesAt[c]!;
        for (let d = o3; d < o3 + l3; d++) {
          const sd = sc + scattersAt[d]!;
          const bd = bc + bonusesAt[d]!;
          const win4 = evaluateToReel4(m, set, a, b, c, d);
          if (m.open === 0) {
            for (let j = 0; j < 4; j++) {
              const n = fifth[j]!;
              if (n === 0) continue;
              const scatters = sd + (j >> 1);
              tally(win4 + m.scatterPayE4[scatters > 5 ? 5 : scatters]!, scatters, bd + (j & 1), n);
            }
            continue;
          }
          for (let e = o4; e < o4 + l4; e++) {
            const scatters = sd + scattersAt[e]!;
            const win =
              win4 + evaluateReel5(m, set, e) + m.scatterPayE4[scatters > 5 ? 5 : scatters]!;
            tally(win, scatters, bd + bonusesAt[e]!, 1);
          }
        }
      }
    }
  }
  const scale2 = MULTIPLIER_SCALE * MULTIPLIER_SCALE;
  return {
    combinations: l0 * l1 * l2 * l3 * l4,
    count,
    sum: sum.map((x) => x / MULTIPLIER_SCALE),
    sumSquares: sumSquaresE8.map((x) => x / scale2),
    hits,
  };
}

/** Mean and second moment of the bonus prizes for each bonus-symbol count. */
function bonusMoments(m: CompiledSlotMachine): { mean: Float64Array; second: Float64Array } {
  const mean = new Float64Array(CLASSES);
  const second = new Float64Array(CLASSES);
  const tickets = Array.from(m.prizeByTicket, (e4) => e4 / MULTIPLIER_SCALE);
  if (tickets.length === 0) return { mean, second };
  const mu = tickets.reduce((s, x) => s + x, 0) / tickets.length;
  const q = tickets.reduce((s, x) => s + x * x, 0) / tickets.length;
  for (let b = 0; b < CLASSES; b++) {
    const picks = m.bonusPicks[b]!;
    // A sum of `picks` independent draws: E = nμ, E[X²] = n·Var + (nμ)².
    mean[b] = picks * mu;
    second[b] = picks * (q - mu * mu) + (picks * mu) ** 2;
  }
  return { mean, second };
}

/**
 * One spin's moments by scatter count: probability, E[W; k] and E[W²; k], with W the spin's win
 * (lines, scatters and bonus prizes) times `multiplier`.
 */
function spinMoments(totals: ClassTotals, m: CompiledSlotMachine, multiplier: number) {
  const { mean, second } = bonusMoments(m);
  const p = new Float64Array(CLASSES);
  const m1 = new Float64Array(CLASSES);
  const m2 = new Float64Array(CLASSES);
  for (let s = 0; s < CLASSES; s++) {
    for (let b = 0; b < CLASSES; b++) {
      const k = s * CLASSES + b;
      const n = totals.count[k]!;
      const s1 = totals.sum[k]!;
      const s2 = totals.sumSquares[k]!;
      const eb = b >= 3 ? mean[b]! : 0;
      const eb2 = b >= 3 ? second[b]! : 0;
      p[s]! += n / totals.combinations;
      m1[s]! += (multiplier * (s1 + n * eb)) / totals.combinations;
      m2[s]! += (multiplier ** 2 * (s2 + 2 * s1 * eb + n * eb2)) / totals.combinations;
    }
  }
  return { p, m1, m2 };
}

/** Free-spin totals from (left, awarded): mean V and second moment S, by exact recursion. */
function freeSpinSequence(m: CompiledSlotMachine, totals: ClassTotals) {
  const { p, m1, m2 } = spinMoments(totals, m, m.freeSpinMultiplier);
  const size = m.maxFreeSpins + 1;
  const mean = new Float64Array(size * size).fill(NaN);
  const second = new Float64Array(size * size).fill(NaN);
  const spinsPlayed = new Float64Array(size * size).fill(NaN);
  const solve = (left: number, awarded: number): void => {
    const key = left * size + awarded;
    if (!Number.isNaN(mean[key]!)) return;
    if (left === 0) {
      mean[key] = 0;
      second[key] = 0;
      spinsPlayed[key] = 0;
      return;
    }
    let v = 0;
    let s = 0;
    let n = 1;
    for (let k = 0; k < CLASSES; k++) {
      if (p[k] === 0) continue;
      const more = freeSpinsWon(m, k, awarded);
      const next = (left - 1 + more) * size + awarded + more;
      solve(left - 1 + more, awarded + more);
      v += m1[k]! + p[k]! * mean[next]!;
      s += m2[k]! + 2 * m1[k]! * mean[next]! + p[k]! * second[next]!;
      n += p[k]! * spinsPlayed[next]!;
    }
    mean[key] = v;
    second[key] = s;
    spinsPlayed[key] = n;
  };
  return (spins: number) => {
    solve(spins, spins);
    const key = spins * size + spins;
    return { mean: mean[key]!, second: second[key]!, spins: spinsPlayed[key]! };
  };
}

export function computeSlotStats(m: CompiledSlotMachine): SlotStats {
  const base = enumerateReelSet(m, m.base);
  const free = enumerateReelSet(m, m.free);
  const sequence = freeSpinSequence(m, free);
  const { mean: bonusMean, second: bonusSecond } = bonusMoments(m);
  let baseRtp = 0;
  let bonusRtp = 0;
  let freeSpinsRtp = 0;
  let secondMoment = 0;
  let freeSpinsFrequency = 0;
  let bonusFrequency = 0;
  let freeSpinsWeighted = 0;
  for (let s = 0; s < CLASSES; s++) {
    const awarded = freeSpinsWon(m, s, 0);
    const f = awarded > 0 ? sequence(awarded) : { mean: 0, second: 0, spins: 0 };
    for (let b = 0; b < CLASSES; b++) {
      const k = s * CLASSES + b;
      const n = base.count[k]! / base.combinations;
      const s1 = base.sum[k]! / base.combinations;
      const s2 = base.sumSquares[k]! / base.combinations;
      const eb = b >= 3 ? bonusMean[b]! : 0;
      const eb2 = b >= 3 ? bonusSecond[b]! : 0;
      baseRtp += s1;
      bonusRtp += n * eb;
      freeSpinsRtp += n * f.mean;
      // X = W + B + F with B and F independent of W within the class.
      const spinMean = s1 + n * eb;
      secondMoment += s2 + 2 * s1 * eb + n * eb2 + 2 * spinMean * f.mean + n * f.second;
      if (awarded > 0) {
        freeSpinsFrequency += n;
        freeSpinsWeighted += n * f.spins;
      }
      if (b >= 3 && m.bonusPicks[b]! > 0) bonusFrequency += n;
    }
  }
  const rtp = baseRtp + bonusRtp + freeSpinsRtp;
  return {
    rtp,
    baseRtp,
    bonusRtp,
    freeSpinsRtp,
    hitFrequency: base.hits / base.combinations,
    stdDev: Math.sqrt(secondMoment - rtp * rtp),
    freeSpinsFrequency,
    bonusFrequency,
    meanFreeSpins: freeSpinsFrequency > 0 ? freeSpinsWeighted / freeSpinsFrequency : 0,
    combinations: { base: base.combinations, free: free.combinations },
  };
}
