import {
  createElement,
  lazy,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { GameUiProps } from './game-ui';

export type GameUiComponent = LazyExoticComponent<ComponentType<GameUiProps>>;

/** Every slot machine shares one UI that reads its machine from the session (slots/**). */
const SlotGame = lazy(() => import('./slots/slot-game'));

/** Engine key (games.engine) → the game's UI, each in its own chunk. */
const GAME_UIS: Record<string, GameUiComponent> = {
  dice: lazy(() => import('./games/dice/dice-game')),
  limbo: lazy(() => import('./games/limbo/limbo-game')),
  plinko: lazy(() => import('./games/plinko/plinko-game')),
  mines: lazy(() => import('./games/mines/mines-game')),
  keno: lazy(() => import('./games/keno/keno-game')),
  roulette: lazy(() => import('./games/roulette/roulette-game')),
  hilo: lazy(() => import('./games/hilo/hilo-game')),
  blackjack: lazy(() => import('./games/blackjack/blackjack-game')),
};

export const SLOT_ENGINE_PREFIX = 'slot:';

export function gameUiOf(engine: string): GameUiComponent | null {
  if (engine.startsWith(SLOT_ENGINE_PREFIX)) return SlotGame;
  return GAME_UIS[engine] ?? null;
}

/** The game's UI as an element, or null for an engine this client cannot draw. */
export function renderGameUi(engine: string, props: GameUiProps): ReactNode {
  const ui = gameUiOf(engine);
  return ui ? createElement(ui, props) : null;
}
