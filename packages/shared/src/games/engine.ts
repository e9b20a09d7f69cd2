import type { z } from 'zod';

/**
 * The contract between a game's math and whoever runs it: the game server (modules/rgs), the
 * round replay and the fairness verifier in the browser. Math modules are pure: every random
 * choice comes from the provably fair float stream (design/fairness-and-ledger.md §1), never
 * from Math.random, so identical seeds give identical outcomes in any currency.
 */

/** Floats in [0, 1) in the order the scheme derives them; `used` is the cursor. */
export interface FloatSource {
  next(): number;
  readonly used: number;
}

/** One step of a round: the start, or an action of a stateful round. */
export interface Step<S> {
  /** Everything needed to go on (stored server-side; the player sees `view`). */
  state: S;
  /** Settled: no action can follow; `payout` is final. */
  done: boolean;
  /** Total paid for the round, minor units (final once done). */
  payout: number;
  /** Stake taken by this step beyond the opening bet (blackjack double or split), minor units. */
  extraBet?: number;
  /** What the player may see now (no hidden cards, no mine positions before the end). */
  view: unknown;
}

export interface GameEngine<P = unknown, S = unknown, A = unknown> {
  /** The engine key games refer to (games.engine in the catalog). */
  key: string;
  /** The player's choices for a round (dice target, plinko rows and risk, mines count…). */
  paramsSchema: z.ZodType<P>;
  /** Actions of a stateful round (reveal a tile, hit, stand…); absent for one-shot games. */
  actionSchema?: z.ZodType<A>;
  start(floats: FloatSource, bet: number, params: P): Step<S>;
  act?(floats: FloatSource, state: S, action: A): Step<S>;
  /**
   * Return to player as a fraction (0.9899), computed exactly from the mapping where the outcome
   * space allows; for a parametrised game, at its default parameters (see `rtpOf`).
   */
  rtp: number;
  /** RTP for given parameters when it depends on them (plinko risk, keno picks…). */
  rtpOf?(params: P): number;
  volatility: 'low' | 'medium' | 'high';
}

/** Multipliers are integers in 1/10 000 (x2.5 = 25 000): no float drift in money. */
export const MULTIPLIER_SCALE = 10_000;

/** What a bet pays at a multiplier, in minor units, rounded down (never pays a fraction). */
export function payoutOf(bet: number, multiplierE4: number): number {
  return Math.floor((bet * multiplierE4) / MULTIPLIER_SCALE);
}

/** Float from 4 bytes, as the scheme says: b0/256 + b1/256² + b2/256³ + b3/256⁴. */
export function floatFromBytes(bytes: Uint8Array, offset: number): number {
  return (
    bytes[offset]! / 256 +
    bytes[offset + 1]! / 256 ** 2 +
    bytes[offset + 2]! / 256 ** 3 +
    bytes[offset + 3]! / 256 ** 4
  );
}

export const FLOATS_PER_DIGEST = 8;

/**
 * A float stream over HMAC digests: `digest(round)` must return
 * HMAC_SHA256(serverSeed, `${clientSeed}:${nonce}:${round}`) (32 bytes). Starting at `cursor`
 * resumes a stateful round exactly where it stopped.
 */
export function createFloatSource(digest: (round: number) => Uint8Array, cursor = 0): FloatSource {
  let used = cursor;
  let cachedRound = -1;
  let cached: Uint8Array = new Uint8Array(0);
  return {
    next() {
      const round = Math.floor(used / FLOATS_PER_DIGEST);
      if (round !== cachedRound) {
        cached = digest(round);
        cachedRound = round;
      }
      const value = floatFromBytes(cached, (used % FLOATS_PER_DIGEST) * 4);
      used += 1;
      return value;
    },
    get used() {
      return used;
    },
  };
}

/** The message HMAC'd for one digest of a round. */
export const fairMessage = (clientSeed: string, nonce: number, round: number) =>
  `${clientSeed}:${nonce}:${round}`;
