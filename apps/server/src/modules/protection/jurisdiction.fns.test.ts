import fc from 'fast-check';
import type { PlaceSource, SweepsStanding } from '@coinfall/shared';
import {
  knownPlaces,
  placeOf,
  ruleFor,
  standingOf,
  strictestStanding,
  type RuleRow,
} from './jurisdiction.fns.ts';

const REGIONS = { CA: 'California', WA: 'Washington', TX: 'Texas' };
const rule = (over: Partial<RuleRow>): RuleRow => ({
  country: 'US',
  region: '',
  sweepsPlay: true,
  purchaseBonuses: true,
  redemptions: true,
  effectiveFrom: new Date('2000-01-01T00:00:00Z'),
  redemptionWindDownUntil: null,
  note: '',
  minAge: 18,
  ...over,
});
const CA_BAN = rule({
  region: 'CA',
  sweepsPlay: false,
  purchaseBonuses: false,
  redemptions: false,
  effectiveFrom: new Date('2026-01-01T08:00:00Z'),
  redemptionWindDownUntil: new Date('2026-03-01T08:00:00Z'),
});
const RULES = [rule({}), rule({ region: 'CA' }), CA_BAN, rule({ region: 'WA', sweepsPlay: false })];

describe('placeOf', () => {
  it('reads a state code or its full name, in any case', () => {
    expect(placeOf({ country: 'us', region: 'california' }, REGIONS)).toEqual({
      country: 'US',
      region: 'CA',
    });
    expect(placeOf({ country: 'US', region: ' wa ' }, REGIONS)).toEqual({
      country: 'US',
      region: 'WA',
    });
    expect(placeOf({ country: null, region: null }, REGIONS)).toEqual({
      country: null,
      region: null,
    });
  });
});

describe('ruleFor and standingOf', () => {
  const ca = { country: 'US', region: 'CA' };
  it('switches California on its date, with redemptions open through the wind-down', () => {
    const before = new Date('2025-12-31T23:00:00Z');
    expect(standingOf(ruleFor(RULES, ca, before), ca, before).sweepsPlay).toBe(true);
    const during = new Date('2026-02-01T00:00:00Z');
    expect(standingOf(ruleFor(RULES, ca, during), ca, during)).toMatchObject({
      sweepsPlay: false,
      purchaseBonuses: false,
      redemptions: true,
      redemptionsUntil: '2026-03-01T08:00:00.000Z',
    });
    const after = new Date('2026-03-01T08:00:00Z');
    expect(standingOf(ruleFor(RULES, ca, after), ca, after)).toMatchObject({
      redemptions: false,
      redemptionsUntil: null,
    });
  });

  it('falls back to the country, then to allowed', () => {
    const at = new Date('2026-06-01T00:00:00Z');
    expect(ruleFor(RULES, { country: 'US', region: 'TX' }, at)?.region).toBe('');
    expect(ruleFor(RULES, { country: 'MX', region: null }, at)).toBeNull();
    expect(standingOf(null, { country: null, region: null }, at).sweepsPlay).toBe(true);
  });

  it('a rule dated in the future never applies before its date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * 365 * 86_400_000 }), (ms) => {
        const at = new Date('2026-01-01T08:00:00Z').getTime() - ms;
        expect(ruleFor(RULES, ca, new Date(at))).not.toBe(CA_BAN);
      }),
    );
  });
});

describe('knownPlaces', () => {
  it('lists the profile first, then the location state and the IP country when known', () => {
    const profile = { country: 'US', region: 'TX' };
    expect(knownPlaces(profile, null, null)).toEqual([{ ...profile, source: 'profile' }]);
    expect(knownPlaces({ country: null, region: null }, 'WA', 'gb')).toEqual([
      { country: null, region: null, source: 'profile' },
      { country: 'US', region: 'WA', source: 'location' },
      { country: 'GB', region: null, source: 'ip' },
    ]);
  });
});

describe('strictestStanding', () => {
  const allowed = (
    source: PlaceSource,
    region: string,
  ): SweepsStanding & { source: PlaceSource } => ({
    source,
    country: 'US',
    region,
    sweepsPlay: true,
    purchaseBonuses: true,
    redemptions: true,
    redemptionsUntil: null,
    note: '',
  });

  it('is the profile when every place allows', () => {
    expect(strictestStanding([allowed('profile', 'TX'), allowed('location', 'NY')])).toEqual(
      allowed('profile', 'TX'),
    );
  });

  it('refuses what any place refuses and names the place that refuses play', () => {
    const bonusesOff = { ...allowed('profile', 'TX'), purchaseBonuses: false };
    const playOff = { ...allowed('ip', 'WA'), sweepsPlay: false, note: 'WA' };
    const s = strictestStanding([bonusesOff, allowed('location', 'NY'), playOff]);
    expect(s).toMatchObject({
      source: 'ip',
      region: 'WA',
      sweepsPlay: false,
      purchaseBonuses: false,
      redemptions: true,
      note: 'WA',
    });
  });

  it('keeps the earliest wind-down, and none once a place refuses redemptions outright', () => {
    const until = (source: PlaceSource, at: string) => ({
      ...allowed(source, 'X'),
      redemptionsUntil: at,
    });
    const early = '2026-02-01T00:00:00.000Z';
    const late = '2026-03-01T00:00:00.000Z';
    expect(
      strictestStanding([allowed('profile', 'TX'), until('location', late), until('ip', early)]),
    ).toMatchObject({ redemptions: true, redemptionsUntil: early, source: 'location' });
    const closed = { ...allowed('ip', 'Y'), redemptions: false };
    expect(strictestStanding([until('location', late), closed])).toMatchObject({
      redemptions: false,
      redemptionsUntil: null,
      source: 'ip',
    });
  });
});
