import { createGeoService } from './geo.service.ts';

const LOS_ANGELES = { lat: 34.05, lon: -118.24 };
const centroid = { latitude: 34.05, longitude: -118.24, state: 'CA' };
const zip = { zip: '90012', city: 'Los Angeles', state: 'CA' };

describe('createGeoService: the ZIP tables', () => {
  it('loads each table once at the warm-up; lookups after it load nothing more', async () => {
    const loads = { zips: 0, centroids: 0 };
    const geo = createGeoService({
      loadUsZips: async () => {
        loads.zips += 1;
        return (code) => (code === zip.zip ? zip : undefined);
      },
      loadCentroids: async () => {
        loads.centroids += 1;
        return [centroid];
      },
    });
    await geo.warm();
    expect(loads).toEqual({ zips: 1, centroids: 1 });
    expect(await geo.usStateAt(LOS_ANGELES)).toBe('CA');
    expect(await geo.usZipPlace('90012')).toEqual({ state: 'CA', stateName: 'California' });
    await geo.warm();
    expect(loads).toEqual({ zips: 1, centroids: 1 });
  });

  it('tries a failed load again at the next lookup', async () => {
    let fail = true;
    const geo = createGeoService({
      loadCentroids: async () => {
        if (fail) throw new Error('disk');
        return [centroid];
      },
    });
    await expect(geo.usStateAt(LOS_ANGELES)).rejects.toThrow('disk');
    fail = false;
    expect(await geo.usStateAt(LOS_ANGELES)).toBe('CA');
  });

  it('finds the state of a point and of a ZIP in the real tables after the warm-up', async () => {
    const geo = createGeoService();
    await geo.warm();
    expect(await geo.usStateAt(LOS_ANGELES)).toBe('CA');
    expect(await geo.usStateAt({ lat: 47.61, lon: -122.33 })).toBe('WA');
    expect((await geo.usZipPlace('10001'))?.state).toBe('NY');
  });
});
