import { describe, expect, it } from 'vitest';
import { EMPTY_W9, maskTin, validateW9 } from './w9-form.fns';

describe('maskTin', () => {
  it('shapes nine digits as an SSN', () => {
    expect(maskTin('123456789')).toBe('123-45-6789');
    expect(maskTin('1234')).toBe('123-4');
    expect(maskTin('12')).toBe('12');
    expect(maskTin('123-45-67890000')).toBe('123-45-6789');
  });
  it('keeps the EIN shape when typed with a dash after two digits', () => {
    expect(maskTin('12-3456789')).toBe('12-3456789');
  });
  it('drops anything but digits', () => {
    expect(maskTin('12a3 b45')).toBe('123-45');
  });
});

describe('validateW9', () => {
  const valid = {
    legalName: 'Ada Lovelace',
    tin: '123-45-6789',
    address: '1 Main St',
    city: 'Austin',
    region: 'TX',
    postalCode: '73301',
    certify: true,
  };
  it('accepts a complete form and trims it', () => {
    const result = validateW9({ ...valid, city: ' Austin ' });
    expect(result).toEqual({ ok: true, body: { ...valid, city: 'Austin' } });
  });
  it('names every failing field, the certification included', () => {
    const result = validateW9(EMPTY_W9);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual(
        ['address', 'certify', 'city', 'legalName', 'postalCode', 'region', 'tin'].sort(),
      );
  });
  it('refuses a ZIP that is not a US one', () => {
    const result = validateW9({ ...valid, postalCode: 'SW1A 1AA' });
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(['postalCode']);
  });
});
