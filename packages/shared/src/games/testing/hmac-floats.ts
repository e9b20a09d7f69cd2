import { createHmac } from 'node:crypto';
import { createFloatSource, fairMessage, type FloatSource } from '../engine.ts';

/** The scheme's float stream, computed apart from the game server (node:crypto HMAC). */
export function hmacFloats(serverSeed: string, clientSeed: string, nonce: number, cursor = 0) {
  return createFloatSource(
    (round) =>
      new Uint8Array(
        createHmac('sha256', serverSeed)
          .update(fairMessage(clientSeed, nonce, round))
          .digest(),
      ),
    cursor,
  );
}

/**
 * A fast seeded stream (sfc32) on the same 2^-32 grid as the scheme's floats. Only for the
 * large-N RTP simulations (F4), where an HMAC per round would take minutes: never for outcomes.
 */
export function seededFloats(seed: number): FloatSource {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  let used = 0;
  const next32 = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 15; i++) next32();
  return {
    next() {
      used += 1;
      return next32() / 2 ** 32;
    },
    get used() {
      return used;
    },
  };
}

/** Floats from a fixed list (enumerating outcomes through an engine); throws when exhausted. */
export function scriptedFloats(values: readonly number[]): FloatSource {
  let used = 0;
  return {
    next() {
      const value = values[used];
      if (value === undefined) throw new Error('Scripted floats exhausted');
      used += 1;
      return value;
    },
    get used() {
      return used;
    },
  };
}
