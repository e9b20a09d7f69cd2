import { describe, expect, it, vi } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import type { GameEngine } from '@coinfall/shared/games/engine';
import {
  computeDigests,
  DigestsExhausted,
  digestsOf,
  firstFloats,
  replayRound,
  replayWithDigests,
  sameJson,
  sha256Hex,
} from './verifier.fns';

const seeds = { serverSeed: 'def', clientSeed: 'abc', nonce: 0 };

/** A test engine that draws `params.draws` floats at the start and one per action. */
const drawEngine: GameEngine<{ draws: number }, { floats: number[] }, { draw: true }> = {
  key: 'test:draw',
  paramsSchema: z.object({ draws: z.number().int() }),
  actionSchema: z.object({ draw: z.literal(true) }),
  start(floats, bet, { draws }) {
    const drawn = Array.from({ length: draws }, () => floats.next());
    return {
      state: { floats: drawn },
      done: false,
      payout: 0,
      view: { count: drawn.length },
      extraBet: bet * 0,
    };
  },
  act(floats, state) {
    const drawn = [...state.floats, floats.next()];
    return {
      state: { floats: drawn },
      done: drawn.length >= 3,
      payout: drawn.length,
      view: { count: drawn.length },
    };
  },
  rtp: 1,
  volatility: 'low',
};

describe('the browser verifier', () => {
  it('reproduces the published known-answer vector with WebCrypto', async () => {
    expect(await firstFloats(seeds, 3)).toEqual([
      0.8320531346835196, 0.8531235849950463, 0.18227359023876488,
    ]);
  });

  it('computes the same digests as node:crypto, round by round', async () => {
    const digests = await computeDigests(
      { serverSeed: 'a'.repeat(64), clientSeed: 'x', nonce: 7 },
      2,
    );
    for (const [round, digest] of digests.entries()) {
      const expected = createHmac('sha256', 'a'.repeat(64)).update(`x:7:${round}`).digest();
      expect(Buffer.from(digest).equals(expected)).toBe(true);
    }
  });

  it('hashes a revealed seed like the commitment', async () => {
    expect(await sha256Hex('seed')).toBe(createHash('sha256').update('seed').digest('hex'));
  });

  it('stops with DigestsExhausted when the engine reads past the precomputed digests', async () => {
    const one = await computeDigests(seeds, 1);
    expect(() =>
      replayWithDigests(drawEngine as GameEngine, one, {
        bet: 1,
        params: { draws: 9 },
        actions: [],
      }),
    ).toThrow(DigestsExhausted);
    expect(() => digestsOf(one)(1)).toThrow(DigestsExhausted);
  });

  it('computes more digests and runs again when a round needs them', async () => {
    const compute = vi.fn(computeDigests);
    const outcome = await replayRound(
      drawEngine,
      seeds,
      { bet: 1, params: { draws: 40 }, actions: [] },
      compute,
    );
    expect(outcome.floatsUsed).toBe(40);
    expect(compute.mock.calls.map((c) => c[1])).toEqual([4, 8]);
  });

  it('applies the actions in order and stops at the settling step', async () => {
    const outcome = await replayRound(drawEngine, seeds, {
      bet: 1,
      params: { draws: 1 },
      actions: [{ draw: true }, { draw: true }, { draw: true }],
    });
    expect(outcome.steps).toHaveLength(3);
    expect(outcome).toMatchObject({ done: true, payout: 3, view: { count: 3 }, floatsUsed: 3 });
  });
});

describe('sameJson', () => {
  it('compares views structurally', () => {
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});
