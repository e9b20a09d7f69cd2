import { createHmac } from 'node:crypto';
import { createFloatSource, type FloatSource, type Step } from '../../engine.ts';
import type { SlotEngine, SlotRoundState } from '../slot-engine.ts';

/** The scheme's float stream for a seed pair and nonce (design/fairness-and-ledger.md §1). */
export function fairFloats(serverSeed: string, clientSeed: string, nonce: number, cursor = 0) {
  return createFloatSource(
    (round) =>
      new Uint8Array(
        createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest(),
      ),
    cursor,
  );
}

/** sfc32: a fast, seeded PRNG for simulations (not the fair stream). */
export function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed | 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

export function floatsOf(next: () => number): FloatSource {
  let used = 0;
  return {
    next() {
      used++;
      return next();
    },
    get used() {
      return used;
    },
  };
}

/** Plays a round to the end: the start, then `spin` while free spins are left. */
export function playRound(engine: SlotEngine, floats: FloatSource, bet: number) {
  const steps: Step<SlotRoundState>[] = [engine.start(floats, bet, {})];
  while (!steps.at(-1)!.done)
    steps.push(engine.act!(floats, steps.at(-1)!.state, { type: 'spin' }));
  return steps;
}
