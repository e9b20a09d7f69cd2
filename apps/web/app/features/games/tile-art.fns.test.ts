import { describe, expect, it } from 'vitest';
import { CATALOG_GAMES } from '@coinfall/shared/games/catalog';
import { tileThemeOf, TILE_THEMES } from './tile-art.fns';

describe('tileThemeOf', () => {
  it('gives every studio game its own look', () => {
    const themes = CATALOG_GAMES.map((g) => tileThemeOf(g.identity, g.kind));
    expect(new Set(themes).size).toBe(CATALOG_GAMES.length);
    expect(themes).not.toContain('reels');
  });

  it('finds the theme word anywhere in the identity', () => {
    expect(tileThemeOf('dragons-gold', 'slot')).toBe('dragon');
    expect(tileThemeOf('super-hi-lo', 'original')).toBe('hilo');
    expect(tileThemeOf('frosty-fortunes', 'slot')).toBe('frost');
  });

  it('does not match a theme word inside another word', () => {
    expect(tileThemeOf('paradise', 'slot')).toBe('reels');
  });

  it('falls back to the kind of game', () => {
    expect(tileThemeOf('golden-bars', 'slot')).toBe('reels');
    expect(tileThemeOf('baccarat', 'table')).toBe('blackjack');
    expect(TILE_THEMES).toContain(tileThemeOf('anything', 'unknown-kind'));
  });
});
