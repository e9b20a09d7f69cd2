import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '@coinfall/shared/games/originals/limbo';

/** A target the engine accepts: 1.01 to 1 000 000, two decimals at most. */
export const isLimboTarget = (value: number) =>
  value >= LIMBO_MIN_TARGET &&
  value <= LIMBO_MAX_TARGET &&
  Math.abs(Math.round(value * 100) - value * 100) < 1e-9;

/** Limbo's chance to reach a target: 99 % / target, as a percent. */
export const limboChance = (target: number) => 99 / target;
