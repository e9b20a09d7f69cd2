import type { FloatSource, GameEngine } from '../engine.ts';

/**
 * Mean return per unit bet over `rounds` one-shot rounds, each on floats from `floatsOf(i)`.
 * The bet is 10 000 minor units so payout / bet is the multiplier exactly (no rounding down).
 */
export function simulateRtp<P>(
  engine: GameEngine<P>,
  params: P,
  rounds: number,
  floatsOf: (round: number) => FloatSource,
  bet = 10_000,
) {
  let paid = 0;
  for (let i = 0; i < rounds; i++) paid += engine.start(floatsOf(i), bet, params).payout;
  return paid / (bet * rounds);
}
