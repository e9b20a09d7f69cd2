import fc from 'fast-check';
import { listAmericanTimeZones, listCountries, normalizeDecimal } from './core.fns.ts';

describe('normalizeDecimal', () => {
  it('drops the zero padding of numeric(30,12) values', () => {
    expect(normalizeDecimal('97250.000000000000')).toBe('97250');
    expect(normalizeDecimal('0.000100000000')).toBe('0.0001');
    expect(normalizeDecimal('3120.500000000000')).toBe('3120.5');
    expect(normalizeDecimal('0.000000000000')).toBe('0');
  });

  it('leaves integers alone, trailing zeros included', () => {
    expect(normalizeDecimal('100')).toBe('100');
    expect(normalizeDecimal('0')).toBe('0');
  });

  it('keeps the exact value and never ends in a padded fraction', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }))
      .map(([whole, fraction]) => `${whole}.${fraction.toString().padStart(12, '0')}`);
    fc.assert(
      fc.property(decimal, (value) => {
        const normalized = normalizeDecimal(value);
        const [whole = '', fraction = ''] = value.split('.');
        expect(normalized).toBe(
          fraction.replace(/0+$/, '') ? `${whole}.${fraction.replace(/0+$/, '')}` : whole,
        );
        expect(normalized).not.toMatch(/\.$|\.\d*0$/);
      }),
    );
  });
});

describe('listAmericanTimeZones', () => {
  const zones = listAmericanTimeZones();

  it('offers only America/* zones, each once', () => {
    expect(zones.length).toBeGreaterThan(50);
    expect(zones.every((z) => z.id.startsWith('America/'))).toBe(true);
    expect(new Set(zones.map((z) => z.id)).size).toBe(zones.length);
  });

  it('names each zone by its city, with spaces and sub-regions spelled out', () => {
    expect(zones).toContainEqual({ id: 'America/New_York', name: 'New York' });
    expect(zones).toContainEqual({ id: 'America/Indiana/Tell_City', name: 'Indiana / Tell City' });
    expect(zones.some((z) => z.name.includes('_') || z.name.startsWith('America'))).toBe(false);
  });

  it('follows the prefix it is given', () => {
    const european = listAmericanTimeZones('Europe/');
    expect(european).toContainEqual({ id: 'Europe/Lisbon', name: 'Lisbon' });
    expect(european.some((z) => z.id.startsWith('America/'))).toBe(false);
  });
});

describe('listCountries', () => {
  it('names countries in the requested language, sorted by that language', () => {
    const es = listCountries('es');
    expect(es.find((c) => c.code === 'DE')?.name).toBe('Alemania');
    expect(listCountries('pt-br').find((c) => c.code === 'DE')?.name).toBe('Alemanha');
    const names = es.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
  });
});
