import fc from 'fast-check';
import { BetStatus, GAME_SORTS } from '@coinfall/shared';
import {
  containsPattern,
  gameOrderOf,
  isCollectionAvailable,
  toSpin,
  type SpinRow,
} from './game.fns.ts';

/** What ILIKE does with a pattern (backslash escapes), to check the pattern against real text. */
function likeMatches(pattern: string, text: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === '\\') source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'is').test(text);
}

describe('gameOrderOf', () => {
  it('orders the lobby by position, then name, then id', () => {
    expect(gameOrderOf('default', 'asc')).toEqual([
      { key: 'position', direction: 'asc' },
      { key: 'name', direction: 'asc' },
      { key: 'id', direction: 'asc' },
    ]);
  });

  it('puts the most popular and the new games first in their natural order', () => {
    expect(gameOrderOf('popularity', 'asc')[0]).toEqual({ key: 'popularity', direction: 'desc' });
    expect(gameOrderOf('new', 'asc').slice(0, 2)).toEqual([
      { key: 'isNew', direction: 'desc' },
      { key: 'createdAt', direction: 'desc' },
    ]);
    expect(gameOrderOf('rtp', 'asc')[0]).toEqual({ key: 'rtp', direction: 'asc' });
    expect(gameOrderOf('name', 'asc')[0]).toEqual({ key: 'name', direction: 'asc' });
  });

  it('reverses every key for desc and always ends with name and id', () => {
    for (const sortBy of GAME_SORTS) {
      const asc = gameOrderOf(sortBy, 'asc');
      const desc = gameOrderOf(sortBy, 'desc');
      expect(desc.map((o) => o.key)).toEqual(asc.map((o) => o.key));
      desc.forEach((o, i) => expect(o.direction).not.toBe(asc[i]!.direction));
      expect(asc.slice(-2).map((o) => o.key)).toEqual(['name', 'id']);
    }
  });
});

describe('containsPattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('matches exactly the names that contain the text, whatever the text holds', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\') }),
        fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\') }),
        (text, name) => {
          expect(likeMatches(containsPattern(text), name)).toBe(name.includes(text));
        },
      ),
    );
  });
});

describe('isCollectionAvailable', () => {
  it('lets everyone into a collection without countries', () => {
    expect(isCollectionAvailable([], null)).toBe(true);
    expect(isCollectionAvailable([], 'FR')).toBe(true);
  });

  it('lets in only the listed countries and refuses an unknown one', () => {
    expect(isCollectionAvailable(['US', 'CA'], 'US')).toBe(true);
    expect(isCollectionAvailable(['US', 'CA'], 'ca')).toBe(true);
    expect(isCollectionAvailable(['US', 'CA'], 'FR')).toBe(false);
    expect(isCollectionAvailable(['US', 'CA'], null)).toBe(false);
  });
});

describe('toSpin', () => {
  const row: SpinRow = {
    id: '7d1f3c1e-8a4b-4c1e-9a6e-2b1f0c9d8e7f',
    gameId: 1,
    gameIdentity: 'dice',
    gameName: 'Dice',
    currency: 'GC',
    bet: 100,
    payout: 0,
    status: BetStatus.Open,
    nonce: 0,
    serverSeedHash: 'h',
    clientSeed: 'c',
    createdAt: new Date('2025-01-01T00:00:00Z'),
    settledAt: null,
  };

  it('keeps an open round’s settledAt null and writes times as ISO', () => {
    expect(toSpin(row)).toMatchObject({
      status: BetStatus.Open,
      createdAt: '2025-01-01T00:00:00.000Z',
      settledAt: null,
    });
  });

  it('refuses a status that is not a bet status', () => {
    expect(() => toSpin({ ...row, status: 9 })).toThrow(/unknown status/);
  });
});
