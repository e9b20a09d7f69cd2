import { checkResult, kycIdentity, toKycState } from './kyc.fns.ts';

const EMPTY = {
  firstName: null,
  lastName: null,
  birthdate: null,
  address: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
};
const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthdate: '1990-12-10',
  address: '12 Main St.',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'US',
};

describe('kycIdentity', () => {
  it('takes the profile, with the fields sent in the body winning', () => {
    expect(kycIdentity(PROFILE, { lastName: 'Byron', ssnLast4: '1234', country: 'gb' })).toEqual({
      identity: { ...PROFILE, lastName: 'Byron', ssnLast4: '1234', country: 'GB' },
      missing: [],
    });
  });

  it('names every required field missing from both, as body fields', () => {
    expect(kycIdentity(EMPTY, {})).toEqual({
      identity: null,
      missing: [
        'body.firstName',
        'body.lastName',
        'body.birthdate',
        'body.address',
        'body.postalCode',
        'body.country',
      ],
    });
    expect(kycIdentity({ ...PROFILE, address: '  ' }, {}).missing).toEqual(['body.address']);
  });

  it('does not need city, region or ssnLast4', () => {
    const { identity } = kycIdentity({ ...PROFILE, city: null, region: null }, {});
    expect(identity).toMatchObject({ city: null, region: null, ssnLast4: null });
  });
});

describe('toKycState', () => {
  const at = new Date('2030-01-01T00:00:00Z');
  const check = (
    status: 'pending' | 'verified' | 'rejected',
    result: Record<string, unknown> | null,
  ) => ({
    providerReference: 'ref-1',
    status,
    result,
    updatedAt: at,
  });

  it('is none before any check', () => {
    expect(toKycState({ kycVerified: false }, undefined)).toEqual({
      status: 'none',
      kycVerified: false,
      reference: null,
      reasons: [],
      updatedAt: null,
    });
  });

  it('shows reasons of a rejection only, as sentences', () => {
    const result = checkResult(
      { status: 'rejected', reasons: [{ code: 'X', message: 'Check your name' }] },
      at,
    );
    expect(toKycState({ kycVerified: false }, check('rejected', result))).toEqual({
      status: 'rejected',
      kycVerified: false,
      reference: 'ref-1',
      reasons: ['Check your name'],
      updatedAt: at.toISOString(),
    });
    expect(toKycState({ kycVerified: false }, check('pending', result)).reasons).toEqual([]);
  });

  it('survives a stored result of another shape', () => {
    expect(
      toKycState({ kycVerified: false }, check('rejected', { reasons: 'oops' })).reasons,
    ).toEqual([]);
    expect(toKycState({ kycVerified: false }, check('rejected', null)).reasons).toEqual([]);
  });
});
