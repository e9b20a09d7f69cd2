import { randomUUID } from 'node:crypto';
import { geocodeResponseSchema } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorOf, failedFields } from '../player/player-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  // The tables loaded at start-up, as outside the test suites (decision 046): every lookup here
  // runs after the warm-up.
  t = await createTestApp({
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
    GEO_WARM_AT_START: 'on',
  });
});

afterAll(async () => {
  await t.close();
});

const geocode = (query: string) => t.app.inject({ url: `/api/geo/geocode?${query}` });

describe('GET /api/geo/geocode', () => {
  it('answers city and state of a US ZIP code without a login', async () => {
    const res = await geocode('country=US&postalCode=10001');
    expect(res.statusCode, res.body).toBe(200);
    expect(geocodeResponseSchema.parse(res.json())).toEqual({
      city: 'New York',
      region: 'NY',
      regionName: 'New York',
      country: 'US',
      postalCode: '10001',
    });
  });

  it('takes ZIP+4, a lowercase country and surrounding spaces', async () => {
    const res = await geocode('country=us&postalCode=%2090210-1234%20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      city: 'Beverly Hills',
      region: 'CA',
      regionName: 'California',
      postalCode: '90210',
    });
    const dc = await geocode('country=US&postalCode=20500');
    expect(dc.json()).toMatchObject({ region: 'DC', regionName: 'District of Columbia' });
  });

  it.each([
    ['an unknown ZIP code', 'country=US&postalCode=00000'],
    ['a country without data', 'country=FR&postalCode=75001'],
  ])('answers 404 NOT_FOUND for %s', async (_name, query) => {
    const res = await geocode(query);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
  });

  it.each([
    ['no country', 'postalCode=10001', 'query.country'],
    ['a 3-letter country', 'country=USA&postalCode=10001', 'query.country'],
    ['a country that does not exist', 'country=XX&postalCode=10001', 'query.country'],
    ['no postal code', 'country=US', 'query.postalCode'],
    ['a postal code too short', 'country=US&postalCode=10', 'query.postalCode'],
    ['a malformed US ZIP code', 'country=US&postalCode=ABCDE', 'query.postalCode'],
  ])('answers 400 naming the field for %s', async (_name, query, field) => {
    const res = await geocode(query);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toEqual([field]);
  });
});
