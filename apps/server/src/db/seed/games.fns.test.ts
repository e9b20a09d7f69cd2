import { engineFigures } from './games.fns.ts';

describe('engineFigures', () => {
  it('shows the engine’s RTP as a percent with 3 decimals', () => {
    expect(engineFigures({ rtp: 0.9899, volatility: 'low' })).toEqual({
      rtp: '98.990',
      volatility: 'low',
      enabled: true,
    });
    expect(engineFigures({ rtp: 1, volatility: 'high' }).rtp).toBe('100.000');
  });

  it('switches a game off while its engine is missing', () => {
    expect(engineFigures(undefined)).toEqual({
      rtp: '0.000',
      volatility: 'medium',
      enabled: false,
    });
  });
});
