import { CARD_ENGINES } from './cards/index.ts';
import type { GameEngine } from './engine.ts';
import { ORIGINAL_ENGINES } from './originals/index.ts';
import { SLOT_ENGINES } from './slots/index.ts';

/**
 * Every game engine by key (`@coinfall/shared/games/index`): the game server, the replay and
 * the browser's verifier all run these same pure modules.
 */
export const GAME_ENGINES: ReadonlyMap<string, GameEngine> = new Map(
  ([...ORIGINAL_ENGINES, ...SLOT_ENGINES, ...CARD_ENGINES] as GameEngine[]).map((e) => [e.key, e]),
);

export function engineOf(key: string): GameEngine | undefined {
  return GAME_ENGINES.get(key);
}

export * from './engine.ts';
export * from './catalog.ts';
export * from './engine-rule-error.ts';
