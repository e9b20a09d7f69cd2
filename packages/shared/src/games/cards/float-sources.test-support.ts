import { createHmac } from 'node:crypto';
import { createFloatSource, fairMessage, type FloatSource } from '../engine.ts';
import { RANKS } from './card.fns.ts';

/** The scheme's floats: HMAC_SHA256(serverSeed, "clientSeed:nonce:round"), from `cursor`. */
export function fairFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  cursor = 0,
): FloatSource {
  const digest = (round: number) =>
    new Uint8Array(
      createHmac('sha256', serverSeed)
        .update(fairMessage(clientSeed, nonce, round))
        .digest(),
    );
  return createFloatSource(digest, cursor);
}

/** A float that maps to `card` (0–51). */
export const floatOfCard = (card: number) => (card + 0.5) / 52;

/** A card of the given rank (1 = ace … 13 = king), spades unless a suit index is given. */
export const cardOfRank = (rank: number, suit = 0) => suit * RANKS + rank - 1;

export class FloatsExhausted extends Error {}

/** Replays the given cards in order; throws FloatsExhausted when asked for one more. */
export function scriptedCards(cards: readonly number[]): FloatSource {
  let used = 0;
  return {
    next() {
      if (used >= cards.length) throw new FloatsExhausted();
      return floatOfCard(cards[used++]!);
    },
    get used() {
      return used;
    },
  };
}

/** Fast seeded floats k / 2^32 (mulberry32) for simulations; same grid as the scheme's floats. */
export function seededFloats(seed: number): FloatSource {
  let a = seed >>> 0;
  let used = 0;
  return {
    next() {
      used += 1;
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    },
    get used() {
      return used;
    },
  };
}

/**
 * Exact expectation by enumeration over ranks: runs `play` on every sequence of ranks it asks
 * for (each rank with probability 1/13, as a spade), and weights its result by that probability.
 */
export function expectationOverRanks(
  play: (floats: FloatSource) => number,
  prefix: number[] = [],
): number {
  try {
    return play(scriptedCards(prefix));
  } catch (error) {
    if (!(error instanceof FloatsExhausted)) throw error;
    let sum = 0;
    for (let rank = 1; rank <= RANKS; rank += 1) {
      sum += expectationOverRanks(play, [...prefix, cardOfRank(rank)]) / RANKS;
    }
    return sum;
  }
}

/** Mean and standard deviation of a sample. */
export function meanAndSd(values: readonly number[]) {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}
