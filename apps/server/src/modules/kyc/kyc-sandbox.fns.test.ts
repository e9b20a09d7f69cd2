import { createKycSandboxProvider } from './kyc-sandbox.provider.ts';
import { sandboxOutcome, sandboxUnavailable } from './kyc-sandbox.fns.ts';
import { KycProviderUnavailableError, type KycIdentity } from './kyc.provider.ts';

const IDENTITY: KycIdentity = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthdate: '1990-12-10',
  address: '12 Main St.',
  city: null,
  region: null,
  postalCode: '10001',
  country: 'US',
  ssnLast4: null,
};

describe('sandboxOutcome', () => {
  it('verifies ordinary data', () => {
    expect(sandboxOutcome(IDENTITY)).toEqual({ status: 'verified', reasons: [] });
    expect(sandboxOutcome({ ...IDENTITY, ssnLast4: '1234' }).status).toBe('verified');
  });

  it('rejects lastName "Reject" (any case) for the identity', () => {
    for (const lastName of ['Reject', 'REJECT', ' reject ']) {
      const outcome = sandboxOutcome({ ...IDENTITY, lastName });
      expect(outcome.status).toBe('rejected');
      expect(outcome.reasons.map((r) => r.code)).toEqual(['IDENTITY_MISMATCH']);
    }
  });

  it('rejects postal code 00000 for the address', () => {
    const outcome = sandboxOutcome({ ...IDENTITY, postalCode: '00000' });
    expect(outcome.status).toBe('rejected');
    expect(outcome.reasons.map((r) => r.code)).toEqual(['ADDRESS_MISMATCH']);
  });

  it('keeps ssnLast4 0000 pending; a rejection rule wins over it', () => {
    expect(sandboxOutcome({ ...IDENTITY, ssnLast4: '0000' })).toEqual({
      status: 'pending',
      reasons: [],
    });
    expect(sandboxOutcome({ ...IDENTITY, lastName: 'Reject', ssnLast4: '0000' }).status).toBe(
      'rejected',
    );
  });

  it('plays an outage for lastName "Unavailable" only', () => {
    expect(sandboxUnavailable({ lastName: 'Unavailable' })).toBe(true);
    expect(sandboxUnavailable({ lastName: 'Lovelace' })).toBe(false);
  });
});

describe('the sandbox provider', () => {
  it('answers pending on registration and the outcome on validate', async () => {
    const provider = createKycSandboxProvider();
    const { reference, status } = await provider.registerPlayer({
      ...IDENTITY,
      lastName: 'Reject',
    });
    expect(status).toBe('pending');
    expect((await provider.validate(reference)).status).toBe('rejected');
    expect((await provider.updatePlayer(reference, IDENTITY)).status).toBe('pending');
    expect((await provider.validate(reference)).status).toBe('verified');
  });

  it('hands out a new reference per registration', async () => {
    const provider = createKycSandboxProvider();
    const a = await provider.registerPlayer(IDENTITY);
    const b = await provider.registerPlayer(IDENTITY);
    expect(a.reference).not.toBe(b.reference);
  });

  it('keeps an unknown reference pending (a restarted sandbox forgot it)', async () => {
    expect(await createKycSandboxProvider().validate('tsevo_sbx_unknown')).toEqual({
      status: 'pending',
      reasons: [],
    });
  });

  it('fails every call during an outage', async () => {
    const provider = createKycSandboxProvider();
    await expect(
      provider.registerPlayer({ ...IDENTITY, lastName: 'Unavailable' }),
    ).rejects.toBeInstanceOf(KycProviderUnavailableError);
  });
});
