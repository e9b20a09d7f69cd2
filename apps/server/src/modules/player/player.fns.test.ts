import { ipCountryFrom } from './player.fns.ts';

describe('ipCountryFrom', () => {
  it('reads a two-letter country, upper-cased', () => {
    expect(ipCountryFrom('gb')).toBe('GB');
    expect(ipCountryFrom(' US ')).toBe('US');
  });

  it('reads nothing from a missing, repeated or unplaceable value', () => {
    for (const bad of [undefined, ['GB', 'US'], '', 'XX', 'T1', 'GBR', 'G B']) {
      expect(ipCountryFrom(bad), String(bad)).toBeNull();
    }
  });
});
