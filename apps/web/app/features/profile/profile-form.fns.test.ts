import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { fieldProblems, rulesForFields } from '../../ui/form/form-rules.fns.ts';
import {
  defaultCountry,
  normalizePhone,
  profileFormFields,
  profileFormValues,
  profileUpdateBody,
} from './profile-form.fns.ts';

const SERVER_LIST = [
  { name: 'address', isRequired: true },
  { name: 'agreedTc', isRequired: true },
  { name: 'birthdate', isRequired: true },
  { name: 'city', isRequired: true },
  { name: 'country', isRequired: true },
  { name: 'email', isRequired: true },
  { name: 'phone', isRequired: true },
  { name: 'firstName', isRequired: true },
  { name: 'lastName', isRequired: true },
  { name: 'postalCode', isRequired: true },
  { name: 'region', isRequired: true },
  { name: 'nickname', isRequired: false },
  { name: 'agreements', isRequired: true },
];

const profile = (overrides: Partial<PlayerProfile> = {}): PlayerProfile => ({
  id: '8f7c3a52-4a5e-4a39-9b8e-5b0f7c1d2e3f',
  nickname: null,
  firstName: null,
  lastName: null,
  email: 'p@example.com',
  phone: null,
  address: null,
  city: null,
  region: null,
  country: null,
  postalCode: null,
  birthdate: null,
  agreedTc: true,
  kycVerified: false,
  confirmedAt: null,
  phoneConfirmed: false,
  status: 1,
  segmentIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  isNewlyRegistered: false,
  isComplete: false,
  ...overrides,
});

describe('profileFormFields', () => {
  it('shows the editable fields of the server list in form order, one terms box', () => {
    expect(profileFormFields(SERVER_LIST).map((f) => `${f.name}${f.required ? '*' : ''}`)).toEqual([
      'firstName*',
      'lastName*',
      'nickname',
      'birthdate*',
      'phone*',
      // Country first: it decides what the ZIP means; the ZIP fills city and state.
      'country*',
      'postalCode*',
      'city*',
      'region*',
      'address*',
      'agreements*',
    ]);
  });

  it('always asks for agreements, city and region, required, whatever the list says', () => {
    const fields = profileFormFields([
      { name: 'firstName', isRequired: false },
      { name: 'city', isRequired: false },
    ]);
    expect(fields).toEqual([
      { name: 'firstName', required: false },
      { name: 'city', required: true },
      { name: 'region', required: true },
      { name: 'agreements', required: true },
    ]);
  });

  it('leaves out what the form cannot edit and names it does not know', () => {
    const names = profileFormFields([
      { name: 'email', isRequired: true },
      { name: 'favouriteColour', isRequired: true },
    ]).map((f) => f.name);
    expect(names).not.toContain('email');
    expect(names).not.toContain('favouriteColour');
  });

  it('gives rules that refuse an empty required city and a 4-digit ZIP', () => {
    const rules = rulesForFields(profileFormFields(SERVER_LIST));
    const problems = fieldProblems(
      { ...profileFormValues(profile()), postalCode: '1000', agreements: true },
      rules,
      {},
    );
    expect(problems.city).toBe('Value is required');
    expect(problems.postalCode).toBe('The postal code must be exactly 5 characters');
    expect(problems.nickname).toBeUndefined();
  });
});

describe('profileFormValues', () => {
  it('turns nulls into empty fields and shows the phone with its +', () => {
    const values = profileFormValues(profile({ phone: '12125550100', firstName: 'Ada' }));
    expect(values.phone).toBe('+12125550100');
    expect(values.firstName).toBe('Ada');
    expect(values.city).toBe('');
    expect(values.agreements).toBe(true);
  });
});

describe('profileUpdateBody', () => {
  const shown = profileFormFields(SERVER_LIST);
  const filled = {
    firstName: ' Ada ',
    lastName: 'Lovelace',
    nickname: '',
    birthdate: '1990-05-01',
    phone: '+1 212 555 0100',
    address: '1 Main St',
    postalCode: '10001',
    city: 'New York',
    region: 'NY',
    country: 'us',
    agreements: true,
  };

  it('sends trimmed values, the phone as digits, the country upper case', () => {
    expect(profileUpdateBody(filled, shown, { agreedTc: true })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      nickname: null,
      birthdate: '1990-05-01',
      phone: '12125550100',
      address: '1 Main St',
      postalCode: '10001',
      city: 'New York',
      region: 'NY',
      country: 'US',
    });
  });

  it('accepts the terms only when they were not accepted yet', () => {
    expect(profileUpdateBody(filled, shown, { agreedTc: false }).agreedTc).toBe(true);
    expect(profileUpdateBody(filled, shown, { agreedTc: true })).not.toHaveProperty('agreedTc');
  });

  it('never sends a field the form does not show', () => {
    const onlyNames = profileUpdateBody(filled, [{ name: 'firstName', required: true }], {
      agreedTc: true,
    });
    expect(onlyNames).toEqual({ firstName: 'Ada' });
  });
});

describe('normalizePhone', () => {
  it('keeps the digits only', () => {
    expect(normalizePhone('+1 (212) 555-0100')).toBe('12125550100');
  });
});

describe('defaultCountry', () => {
  const offered = new Set(['US', 'BR', 'ES', 'MX']);
  it('takes the region of the first language that names an offered country', () => {
    expect(defaultCountry(['en-US', 'es-MX'], offered)).toBe('US');
    expect(defaultCountry(['fr', 'pt-BR'], offered)).toBe('BR');
    expect(defaultCountry(['es-419', 'es-mx'], offered)).toBe('MX');
  });
  it('guesses nothing without a region or with one not offered', () => {
    expect(defaultCountry(['en', 'pt'], offered)).toBeUndefined();
    expect(defaultCountry(['en-GB'], offered)).toBeUndefined();
    expect(defaultCountry([], offered)).toBeUndefined();
  });
});
