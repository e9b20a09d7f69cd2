import type { GameEngine } from '../engine.ts';
import { blackjackEngine } from './blackjack.engine.ts';
import { hiloEngine } from './hilo.engine.ts';

/**
 * Hi-lo and blackjack. The registry holds engines of different params, state and actions; the
 * game server validates with each engine's own schemas, hence the widening cast.
 */
export const CARD_ENGINES = [hiloEngine, blackjackEngine] as unknown as GameEngine<
  never,
  never,
  never
>[];
