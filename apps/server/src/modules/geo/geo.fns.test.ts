import {
  distanceKm,
  nearestState,
  postalKey,
  toGeocode,
  US_REGIONS,
  type Centroid,
} from './geo.fns.ts';

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

describe('nearestState', () => {
  // Seattle WA, Portland OR (across the Columbia from Vancouver WA), Vancouver WA, Austin TX.
  const centroids: Centroid[] = [
    { latitude: 47.6062, longitude: -122.3321, state: 'WA' },
    { latitude: 45.5152, longitude: -122.6784, state: 'OR' },
    { latitude: 45.6387, longitude: -122.6615, state: 'WA' },
    { latitude: 30.2672, longitude: -97.7431, state: 'TX' },
  ];

  it('places coordinates in the state of the nearest ZIP centroid', () => {
    expect(nearestState(centroids, { lat: 47.61, lon: -122.33 })).toBe('WA');
    expect(nearestState(centroids, { lat: 30.2, lon: -97.7 })).toBe('TX');
    // Either side of the river, by the nearest centroid.
    expect(nearestState(centroids, { lat: 45.52, lon: -122.68 })).toBe('OR');
    expect(nearestState(centroids, { lat: 45.63, lon: -122.66 })).toBe('WA');
  });

  it('places nothing farther than the limit (abroad, at sea) or with no data', () => {
    expect(nearestState(centroids, { lat: 51.5, lon: -0.12 })).toBeNull(); // London
    expect(nearestState(centroids, { lat: 30.27, lon: -97.0 }, 100)).toBe('TX'); // ~71 km
    expect(nearestState(centroids, { lat: 30.27, lon: -95.5 }, 100)).toBeNull(); // ~215 km
    expect(nearestState([], { lat: 47.61, lon: -122.33 })).toBeNull();
  });

  it('measures great-circle distances', () => {
    // Seattle to Portland is about 234 km.
    const km = distanceKm({ lat: 47.6062, lon: -122.3321 }, { lat: 45.5152, lon: -122.6784 });
    expect(km).toBeGreaterThan(230);
    expect(km).toBeLessThan(238);
    expect(distanceKm({ lat: 10, lon: 10 }, { lat: 10, lon: 10 })).toBe(0);
  });
});
