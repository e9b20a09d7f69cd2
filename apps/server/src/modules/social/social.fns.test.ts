import fc from 'fast-check';
import {
  identityFromClaims,
  linkableEmail,
  parseRegistrationClaims,
  registrationClaims,
  socialCallbackUrl,
} from './social.fns.ts';

describe('identityFromClaims', () => {
  it('takes subject, lowercased email, verification and name', () => {
    expect(
      identityFromClaims({
        sub: 'abc',
        email: ' Ada@Example.COM ',
        email_verified: true,
        name: ' Ada ',
        aud: 'x',
      }),
    ).toEqual({ subject: 'abc', email: 'ada@example.com', emailVerified: true, name: 'Ada' });
  });

  it('reads Apple’s string "true" as verified and anything else as not', () => {
    const base = { sub: 's', email: 'a@b.co' };
    expect(identityFromClaims({ ...base, email_verified: 'true' })?.emailVerified).toBe(true);
    expect(identityFromClaims({ ...base, email_verified: 'false' })?.emailVerified).toBe(false);
    expect(identityFromClaims(base)?.emailVerified).toBe(false);
  });

  it('drops a malformed email, and with it any claim of verification', () => {
    expect(identityFromClaims({ sub: 's', email: 'not-an-email', email_verified: true })).toEqual({
      subject: 's',
      email: null,
      emailVerified: false,
      name: null,
    });
  });

  it('gives nothing without a subject', () => {
    expect(identityFromClaims({ email: 'a@b.co' })).toBeNull();
    expect(identityFromClaims({ sub: '' })).toBeNull();
    expect(identityFromClaims(null)).toBeNull();
  });
});

describe('linkableEmail', () => {
  it('links by verified emails only', () => {
    expect(linkableEmail('google', { email: 'a@b.co', emailVerified: true })).toBe('a@b.co');
    expect(linkableEmail('apple', { email: 'a@b.co', emailVerified: false })).toBeNull();
    expect(linkableEmail('facebook', { email: null, emailVerified: false })).toBeNull();
  });

  it('never links what the sandbox provider asserts, verified or not', () => {
    expect(linkableEmail('sandbox', { email: 'a@b.co', emailVerified: true })).toBeNull();
  });
});

describe('registration claims', () => {
  it('round-trip through parseRegistrationClaims', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.option(fc.constantFrom('a@b.co', 'x.y@example.org')),
        fc.boolean(),
        fc.option(fc.string({ minLength: 1 })),
        (subject, email, emailVerified, name) => {
          const claims = registrationClaims('google', { subject, email, emailVerified, name });
          expect(parseRegistrationClaims(JSON.parse(JSON.stringify(claims)))).toEqual(claims);
        },
      ),
    );
  });

  it('refuses payloads of other tokens', () => {
    expect(parseRegistrationClaims({ sub: 'p', sid: 's', ver: 1 })).toBeNull();
    expect(
      parseRegistrationClaims({
        connection: 'myspace',
        sub: 's',
        email: null,
        emailVerified: false,
        name: null,
      }),
    ).toBeNull();
  });
});

describe('socialCallbackUrl', () => {
  it('is the unprefixed site page of the connection', () => {
    expect(socialCallbackUrl('https://coinfall.example', 'apple')).toBe(
      'https://coinfall.example/auth/social/apple/callback',
    );
  });
});
