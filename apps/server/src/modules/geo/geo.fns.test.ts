import { postalKey, toGeocode, US_REGIONS } from './geo.fns.ts';

describe('postalKey', () => {
  it('reads a five-digit ZIP code, with or without its +4 suffix', () => {
    expect(postalKey('US', '10001')).toBe('10001');
    expect(postalKey('US', ' 10001-1234 ')).toBe('10001');
    expect(postalKey('US', '100011234')).toBe('10001');
    expect(postalKey('US', '00501')).toBe('00501');
  });

  it('refuses what cannot be a ZIP code, and countries without data', () => {
    for (const bad of ['1000', '100012', 'ABCDE', '10001-12', '10 001']) {
      expect(postalKey('US', bad), bad).toBeUndefined();
    }
    expect(postalKey('CA', 'M5V 3L9')).toBeUndefined();
  });
});

describe('toGeocode', () => {
  it('names the state', () => {
    expect(toGeocode({ zip: '10001', city: 'New York', state: 'NY' }, 'US')).toEqual({
      city: 'New York',
      region: 'NY',
      regionName: 'New York',
      country: 'US',
      postalCode: '10001',
    });
  });

  it('falls back to the code for a region it does not know', () => {
    expect(toGeocode({ zip: '99999', city: 'X', state: 'ZZ' }, 'US').regionName).toBe('ZZ');
  });

  it('knows the 50 states and DC', () => {
    expect(
      Object.keys(US_REGIONS).filter((c) => !/^(AS|GU|MP|PR|VI|UM|FM|MH|PW|AA|AE|AP)$/.test(c)),
    ).toHaveLength(51);
  });
});
