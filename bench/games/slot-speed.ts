/**
 * Slot engine speed (the slot half of the games benchmark): for each machine, simulated paid
 * rounds per second on one core — `simulateSpins`, the engine's own evaluation (paid spin,
 * bonus picks, every free spin), fed by a fixed-seed sfc32 stream — next to a baseline measured
 * in the same run: the same PRNG alone drawing 5 floats per round and summing them. Prints the
 * ratio and the target (≥ 5 M rounds/s per core). Single thread; never fails on numbers.
 * Rates are per CPU second of this process (what a core delivers; on a shared machine wall
 * time mostly measures the wait for one), with the best wall-clock rate printed beside.
 *
 *   npm run games:slots -w @coinfall/bench
 *
 * Environment: BENCH_SPINS (rounds per measure, default 5 000 000), BENCH_RUNS (measures per
 * machine, default 3; the best and the median are printed).
 */
import { SLOT_ENGINES } from '../../packages/shared/src/games/slots/index.ts';
import { simulateSpins } from '../../packages/shared/src/games/slots/slot-spin.fns.ts';
// The simulation tests' seeded PRNG: the same stream feeds the engine and the baseline.
import { sfc32 } from '../../packages/shared/src/games/slots/test/slot-rounds.ts';
import { fixed, table } from '../lib/load.ts';

const SPINS = Number(process.env.BENCH_SPINS ?? 5_000_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const TARGET = 5_000_000;
const FLOATS_PER_SPIN = 5;
const SEED = 20_240_000;

/** The baseline: the raw PRNG drawing `floats` floats, summed so none is optimised away. */
function drawFloats(floats: number, nextFloat: () => number): number {
  let sum = 0;
  for (let i = 0; i < floats; i++) sum += nextFloat();
  return sum;
}

/** CPU seconds (user + system) this process has used: on a shared machine, the time the work
 * actually had a core, where wall time also counts waiting for one. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Rounds per CPU second of `work(n)` (best and median of RUNS after a warm-up of SPINS/5), and
 * the best per wall-clock second for comparison.
 */
function measure(work: (n: number) => unknown): { best: number; median: number; wall: number } {
  work(Math.ceil(SPINS / 5));
  const rates: number[] = [];
  let wall = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    const cpu = cpuSeconds();
    work(SPINS);
    rates.push(SPINS / (cpuSeconds() - cpu));
    wall = Math.max(wall, SPINS / (Number(process.hrtime.bigint() - started) / 1e9));
  }
  rates.sort((x, y) => x - y);
  return { best: rates.at(-1)!, median: rates[Math.floor((rates.length - 1) / 2)]!, wall };
}

const millions = (perSecond: number) => `${fixed(perSecond / 1e6, 2)} M/s`;

console.log(
  `Slot engine speed: ${SPINS.toLocaleString('en')} rounds × ${RUNS} runs per measure after a` +
    ` warm-up, one thread, sfc32 seed ${SEED}; node ${process.version}`,
);
const rows: string[][] = [];
let sink = 0;
for (const engine of SLOT_ENGINES) {
  const machine = engine.machine;
  let freeSpins = 0;
  const sim = measure((n) => {
    const totals = simulateSpins(machine, n, sfc32(SEED));
    freeSpins = totals.freeSpinsPlayed / n;
    sink += totals.totalWinE4;
  });
  const prng = measure((n) => (sink += drawFloats(n * FLOATS_PER_SPIN, sfc32(SEED))));
  rows.push([
    engine.key,
    millions(sim.best),
    millions(sim.median),
    millions(sim.wall),
    fixed(freeSpins, 3),
    millions(prng.best),
    fixed(sim.best / prng.best, 2),
    sim.best >= TARGET ? 'yes' : 'no',
  ]);
}
console.log(
  table([
    [
      'machine',
      'rounds/CPU s (best)',
      '(median)',
      'rounds/wall s',
      'free spins/round',
      `PRNG alone (${FLOATS_PER_SPIN} floats/round)`,
      'ratio',
      `≥ ${TARGET / 1e6} M/s`,
    ],
    ...rows,
  ]),
);
if (Number.isNaN(sink)) console.log('(unreachable)');
