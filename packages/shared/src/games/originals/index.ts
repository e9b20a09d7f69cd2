import type { GameEngine } from '../engine.ts';
import { diceEngine } from './dice.ts';
import { kenoEngine } from './keno.ts';
import { limboEngine } from './limbo.ts';
import { minesEngine } from './mines.ts';
import { plinkoEngine } from './plinko.ts';
import { rouletteEngine } from './roulette.ts';

export { EngineRuleError, ENGINE_RULE_CODES, isEngineRuleError } from '../engine-rule-error.ts';
export type { EngineRuleCode } from '../engine-rule-error.ts';
export { stakeOf } from './roulette.ts';

/** Dice, limbo, plinko, mines, keno, roulette: pure math over the provably fair floats. */
export const ORIGINAL_ENGINES = [
  diceEngine,
  limboEngine,
  plinkoEngine,
  minesEngine,
  kenoEngine,
  rouletteEngine,
] as GameEngine<never, never, never>[];
