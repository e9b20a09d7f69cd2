import {
  DICE_MAX_CHANCE_E2,
  DICE_MIN_CHANCE_E2,
  diceChanceE2,
  diceMultiplierE4,
  type DiceParams,
} from '@coinfall/shared/games/originals/dice';

/** The odds a dice choice shows before the roll, or null when the engine would refuse it. */
export function diceOdds(params: DiceParams): { chance: number; multiplierE4: number } | null {
  if (!(params.target >= 0.01 && params.target <= 99.99)) return null;
  if (Math.round(params.target * 100) !== params.target * 100) return null;
  const chanceE2 = diceChanceE2(params);
  if (chanceE2 < DICE_MIN_CHANCE_E2 || chanceE2 > DICE_MAX_CHANCE_E2) return null;
  return { chance: chanceE2 / 100, multiplierE4: diceMultiplierE4(params) };
}

/** The winning stretch of the 0–100 track, as [from, to] percent. */
export const diceWinRange = (params: DiceParams): [number, number] =>
  params.direction === 'over' ? [params.target, 100] : [0, params.target];
