import type { Game, GameEngine } from '@coinfall/shared';

/** What the catalog shows of an engine; a game whose engine is missing stays switched off. */
export function engineFigures(engine: Pick<GameEngine, 'rtp' | 'volatility'> | undefined): {
  rtp: string;
  volatility: Game['volatility'];
  enabled: boolean;
} {
  if (!engine) return { rtp: MISSING_ENGINE_RTP, volatility: 'medium', enabled: false };
  return { rtp: (engine.rtp * 100).toFixed(3), volatility: engine.volatility, enabled: true };
}
/** The RTP stored for a game whose engine is not there (yet): the seed re-enables it later. */
export const MISSING_ENGINE_RTP = '0.000';
