import {
  createFloatSource,
  fairMessage,
  FLOATS_PER_DIGEST,
  type GameEngine,
  type Step,
} from '@coinfall/shared/games/engine';

/**
 * The browser's own check of a round (design/fairness-and-ledger.md §1), written apart from the
 * server's node:crypto path on purpose: WebCrypto HMAC-SHA256 and the same pure engines.
 * WebCrypto is async and the engines draw floats synchronously, so the digests are computed
 * first; an engine that wants more than were computed stops, and the round is run again with
 * twice as many.
 */

export interface SeedPair {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const encoder = new TextEncoder();

function subtleOf(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto is not available (the page must be served over HTTPS)');
  return subtle;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 hex of a text: what a revealed server seed must hash to (its commitment). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await subtleOf().digest('SHA-256', encoder.encode(text))));
}

/** Digests 0 … count-1 of a seed pair: HMAC_SHA256(serverSeed, "clientSeed:nonce:round"). */
export async function computeDigests(seeds: SeedPair, count: number): Promise<Uint8Array[]> {
  const key = await subtleOf().importKey(
    'raw',
    encoder.encode(seeds.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return Promise.all(
    Array.from(
      { length: count },
      async (_, round) =>
        new Uint8Array(
          await subtleOf().sign(
            'HMAC',
            key,
            encoder.encode(fairMessage(seeds.clientSeed, seeds.nonce, round)),
          ),
        ),
    ),
  );
}

/** Thrown inside a run when the engine asks for a digest that was not computed. */
export class DigestsExhausted extends Error {
  constructor(readonly wanted: number) {
    super(`The round needs digest ${wanted}`);
    this.name = 'DigestsExhausted';
  }
}

/** A digest function over precomputed digests that refuses to go past them. */
export function digestsOf(digests: readonly Uint8Array[]): (round: number) => Uint8Array {
  return (round) => {
    const digest = digests[round];
    if (!digest) throw new DigestsExhausted(round);
    return digest;
  };
}

/** The first `count` floats of a seed pair (the known-answer vector on the fairness page). */
export async function firstFloats(seeds: SeedPair, count: number): Promise<number[]> {
  const digests = await computeDigests(seeds, Math.ceil(count / FLOATS_PER_DIGEST));
  const source = createFloatSource(digestsOf(digests));
  return Array.from({ length: count }, () => source.next());
}

export interface ReplayInput {
  bet: number;
  params: unknown;
  actions: readonly unknown[];
}

export interface ReplayOutcome {
  /** Every step, the start first. */
  steps: Step<unknown>[];
  /** The last step's view and payout: the round's outcome. */
  view: unknown;
  payout: number;
  done: boolean;
  floatsUsed: number;
}

/** Runs a round synchronously over the given digests (throws DigestsExhausted when short). */
export function replayWithDigests(
  engine: GameEngine,
  digests: readonly Uint8Array[],
  input: ReplayInput,
): ReplayOutcome {
  const floats = createFloatSource(digestsOf(digests));
  const params = engine.paramsSchema.parse(input.params);
  const steps: Step<unknown>[] = [engine.start(floats, input.bet, params)];
  for (const raw of input.actions) {
    const last = steps[steps.length - 1]!;
    if (last.done || !engine.act || !engine.actionSchema) break;
    steps.push(engine.act(floats, last.state, engine.actionSchema.parse(raw)));
  }
  const last = steps[steps.length - 1]!;
  return {
    steps,
    view: last.view,
    payout: last.payout,
    done: last.done,
    floatsUsed: floats.used,
  };
}

/** Digests computed up front; most rounds use one (8 floats), keno and blackjack a few. */
export const INITIAL_DIGESTS = 4;
/** A round asking beyond this is not a real round of our games. */
export const MAX_DIGESTS = 4096;

/** Replays a round in the browser, computing more digests as long as the engine asks. */
export async function replayRound(
  engine: GameEngine,
  seeds: SeedPair,
  input: ReplayInput,
  compute: typeof computeDigests = computeDigests,
): Promise<ReplayOutcome> {
  let count = INITIAL_DIGESTS;
  for (;;) {
    const digests = await compute(seeds, count);
    try {
      return replayWithDigests(engine, digests, input);
    } catch (error) {
      if (!(error instanceof DigestsExhausted) || count >= MAX_DIGESTS) throw error;
      count = Math.min(MAX_DIGESTS, Math.max(count * 2, error.wanted + 1));
    }
  }
}

/** Structural equality of two JSON values (the stored round view against the recomputed one). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
