import type { SweepsStanding } from '@coinfall/shared/contracts/jurisdiction';
import { placeName, standingLines } from './place-standing.fns';

const allowed: SweepsStanding = {
  source: 'profile',
  country: 'US',
  region: 'TX',
  sweepsPlay: true,
  purchaseBonuses: true,
  redemptions: true,
  redemptionsUntil: null,
  note: '',
};

describe('standingLines', () => {
  it('says nothing where everything is allowed', () => {
    expect(standingLines(allowed)).toEqual([]);
  });
  it('names every door the place shuts', () => {
    expect(
      standingLines({ ...allowed, sweepsPlay: false, purchaseBonuses: false, redemptions: false }),
    ).toEqual([{ kind: 'noSweepsPlay' }, { kind: 'noBonuses' }, { kind: 'noRedemptions' }]);
  });
  it('tells an open wind-down window with its end', () => {
    const until = '2027-01-31T00:00:00.000Z';
    expect(standingLines({ ...allowed, sweepsPlay: false, redemptionsUntil: until })).toEqual([
      { kind: 'noSweepsPlay' },
      { kind: 'windDown', until },
    ]);
  });
});

describe('placeName', () => {
  it('names the state and the country in the player’s language', () => {
    expect(placeName({ country: 'US', region: 'WA' }, 'en')).toBe('WA, United States');
    expect(placeName({ country: 'US', region: 'WA' }, 'es')).toBe('WA, Estados Unidos');
    expect(placeName({ country: null, region: null }, 'en')).toBe('');
  });
});
