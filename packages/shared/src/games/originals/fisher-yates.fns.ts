import type { FloatSource } from '../engine.ts';

/**
 * The first `count` items of a Fisher–Yates shuffle of `items`, one float per draw:
 * step i swaps position i with i + floor(f · (n − i)). Mines and keno draw with it.
 */
export function drawWithoutReplacement<T>(floats: FloatSource, items: readonly T[], count: number) {
  const pool = [...items];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(floats.next() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}
