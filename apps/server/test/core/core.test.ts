import {
  SETTINGS_CONSTANTS,
  countryListSchema,
  currencyListSchema,
  errorBodySchema,
  localeListSchema,
  settingsConstantsSchema,
  timeZoneListSchema,
  type Currency,
} from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/core/settings', () => {
  it('serves every status table as named constants, cacheable for a few minutes', async () => {
    const res = await get('/api/core/settings');
    expect(res.statusCode).toBe(200);
    expect(settingsConstantsSchema.parse(res.json())).toEqual(SETTINGS_CONSTANTS);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('GET /api/core/currencies', () => {
  let currencies: Currency[];
  const byCode = (code: string) => currencies.find((c) => c.code === code);
  beforeAll(async () => {
    const res = await get('/api/core/currencies');
    expect(res.statusCode).toBe(200);
    currencies = currencyListSchema.parse(res.json()).data;
  });

  it('lists GC and SC as virtual currencies', () => {
    expect(byCode('GC')).toMatchObject({ type: 'virtual', isEnabled: true });
    expect(byCode('SC')).toMatchObject({ type: 'virtual', isEnabled: true });
  });

  it('has USD as fiat and as the only base currency', () => {
    expect(byCode('USD')).toMatchObject({
      type: 'fiat',
      isBase: true,
      subunitToUnit: 100,
      rate: { rate: '1' },
    });
    expect(currencies.filter((c) => c.isBase).map((c) => c.code)).toEqual(['USD']);
  });

  it('lists BTC and ETH as crypto with their minor units and unpadded rates', () => {
    expect(byCode('BTC')).toMatchObject({
      type: 'crypto',
      subunitToUnit: 100_000_000,
      subCurrencies: ['mBTC'],
    });
    expect(byCode('ETH')).toMatchObject({
      type: 'crypto',
      subunitToUnit: 1_000_000_000,
      subCurrencies: ['mETH'],
    });
    for (const c of currencies) expect(c.rate.rate).toMatch(/^\d+(\.\d*[1-9])?$/);
  });

  it('keeps every minor-unit factor a safe integer', () => {
    expect(
      currencies.every((c) => Number.isSafeInteger(c.subunitToUnit) && c.subunitToUnit > 0),
    ).toBe(true);
  });
});

describe('GET /api/core/locales', () => {
  it('lists en, es and pt-br with en as the one default', async () => {
    const res = await get('/api/core/locales');
    expect(res.statusCode).toBe(200);
    const { data } = localeListSchema.parse(res.json());
    expect(data.map((l) => l.code).sort()).toEqual(['en', 'es', 'pt-br']);
    expect(data.filter((l) => l.isDefault).map((l) => l.code)).toEqual(['en']);
  });
});

describe('GET /api/core/countries', () => {
  it('names countries in English by default', async () => {
    const res = await get('/api/core/countries');
    expect(res.statusCode).toBe(200);
    const { data } = countryListSchema.parse(res.json());
    expect(data.length).toBeGreaterThan(200);
    expect(data.find((c) => c.code === 'DE')?.name).toBe('Germany');
  });

  it('names countries in Spanish with ?locale=es and in Portuguese with ?locale=pt-br', async () => {
    const es = countryListSchema.parse((await get('/api/core/countries?locale=es')).json()).data;
    expect(es.find((c) => c.code === 'DE')?.name).toBe('Alemania');
    expect(es.find((c) => c.code === 'US')?.name).toBe('Estados Unidos');
    const pt = countryListSchema.parse((await get('/api/core/countries?locale=pt-br')).json()).data;
    expect(pt.find((c) => c.code === 'DE')?.name).toBe('Alemanha');
  });

  it('refuses an unknown locale with 400 naming query.locale', async () => {
    const res = await get('/api/core/countries?locale=xx');
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.fields?.[0]?.field).toBe('query.locale');
  });
});

describe('GET /api/core/time-zones', () => {
  it('offers only America/* zones, named by city', async () => {
    const res = await get('/api/core/time-zones');
    expect(res.statusCode).toBe(200);
    const { data } = timeZoneListSchema.parse(res.json());
    expect(data.length).toBeGreaterThan(50);
    expect(data.every((z) => z.id.startsWith('America/'))).toBe(true);
    expect(data).toContainEqual({ id: 'America/New_York', name: 'New York' });
  });
});
