import fc from 'fast-check';
import { postalAddressProblem, usZipKey } from './postal-address.ts';

const NY = { state: 'NY', stateName: 'New York' };

describe('postalAddressProblem', () => {
  it('refuses a US ZIP with another country, naming the postal code', () => {
    expect(
      postalAddressProblem({ country: 'AF', region: 'Kabul', postalCode: '10001' }, NY),
    ).toEqual({
      field: 'postalCode',
      reason: 'usZipAbroad',
    });
  });

  it('refuses an unknown ZIP in the US and a ZIP of another state', () => {
    expect(
      postalAddressProblem({ country: 'US', region: 'NY', postalCode: '00000' }, undefined),
    ).toEqual({
      field: 'postalCode',
      reason: 'unknownUsZip',
    });
    expect(postalAddressProblem({ country: 'US', region: 'CA', postalCode: '10001' }, NY)).toEqual({
      field: 'region',
      reason: 'otherState',
      state: 'New York',
    });
  });

  it('accepts the state by code or by name, in any case, and a ZIP+4', () => {
    for (const region of ['NY', 'ny', 'New York', ' new york '])
      expect(
        postalAddressProblem({ country: 'US', region, postalCode: '10001-1234' }, NY),
      ).toBeUndefined();
  });

  it('leaves codes that cannot be a US ZIP, and empty fields, to the other rules', () => {
    expect(
      postalAddressProblem({ country: 'GB', region: 'London', postalCode: 'SW1A' }, undefined),
    ).toBeUndefined();
    expect(
      postalAddressProblem({ country: 'DE', region: 'Berlin', postalCode: '99999' }, undefined),
    ).toBeUndefined();
    expect(
      postalAddressProblem({ country: null, region: 'NY', postalCode: '10001' }, NY),
    ).toBeUndefined();
    expect(
      postalAddressProblem({ country: 'US', region: 'NY', postalCode: null }, undefined),
    ).toBeUndefined();
  });

  it('never complains about a US address whose ZIP lies in its own state', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{5}$/),
        fc.constantFrom('NY', 'New York'),
        (zip, region) => {
          expect(
            postalAddressProblem({ country: 'US', region, postalCode: zip }, NY),
          ).toBeUndefined();
        },
      ),
    );
  });
});

describe('usZipKey', () => {
  it('takes five digits, with or without the +4', () => {
    expect(usZipKey('10001')).toBe('10001');
    expect(usZipKey(' 10001-1234 ')).toBe('10001');
    expect(usZipKey('100011234')).toBe('10001');
    expect(usZipKey('1000')).toBeUndefined();
    expect(usZipKey('AB123')).toBeUndefined();
  });
});
