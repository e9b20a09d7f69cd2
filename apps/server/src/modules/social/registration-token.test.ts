import { SignJWT, decodeJwt } from 'jose';
import { createTokenSigner } from '../../platform/auth.ts';
import { createRegistrationTokens } from './registration-token.ts';
import type { RegistrationClaims } from './social.fns.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const CLAIMS: RegistrationClaims = {
  connection: 'sandbox',
  sub: 'subject-1',
  email: 'ada@example.com',
  emailVerified: true,
  name: 'Ada',
};

describe('registration tokens', () => {
  it('carry the claims for 15 minutes under the social-signup audience', async () => {
    let now = 1_700_000_000_000;
    const tokens = createRegistrationTokens({ secret: SECRET, now: () => now });
    const token = await tokens.sign(CLAIMS);
    expect(decodeJwt(token)).toMatchObject({ aud: 'social-signup', exp: 1_700_000_000 + 900 });
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    now += 15 * 60_000;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuse another key, another audience, another algorithm and access tokens', async () => {
    const tokens = createRegistrationTokens({ secret: SECRET });
    const other = createRegistrationTokens({ secret: `${SECRET}-other` });
    expect(await tokens.verify(await other.sign(CLAIMS))).toBeNull();

    const key = new TextEncoder().encode(SECRET);
    const signed = (alg: string, aud: string) =>
      new SignJWT({ ...CLAIMS })
        .setProtectedHeader({ alg })
        .setAudience(aud)
        .setExpirationTime('5m')
        .sign(key);
    expect(await tokens.verify(await signed('HS256', 'coinfall:player'))).toBeNull();
    expect(await tokens.verify(await signed('HS512', 'social-signup'))).toBeNull();
    expect(await tokens.verify(await signed('HS256', 'social-signup'))).toEqual(CLAIMS);

    const access = await createTokenSigner({ secret: SECRET, ttlSeconds: 60 }).sign({
      playerId: '00000000-0000-4000-8000-000000000000',
      sessionId: '00000000-0000-4000-8000-000000000001',
      tokenVersion: 1,
    });
    expect(await tokens.verify(access.accessToken)).toBeNull();
    // …and the other way round: the access-token check refuses a registration token.
    const signer = createTokenSigner({ secret: SECRET, ttlSeconds: 60 });
    expect(await signer.verify(await tokens.sign(CLAIMS))).toBeNull();
  });
});
