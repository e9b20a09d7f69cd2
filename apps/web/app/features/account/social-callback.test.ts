import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { readApiFailure } from '../../lib/api/api-error.ts';
import type { SessionResult } from '../../lib/session/session';
import { completeSocialLogin, completeSocialLoginOnce } from './social-callback';

const profile = { id: 'p1', email: 'p@example.com', agreedTc: true } as PlayerProfile;
const exchange = { kind: 'exchange' as const, code: 'c', state: 's' };
const ok: SessionResult = { ok: true, session: { accessToken: 't', expiresAfter: 900, profile } };
const failed = (status: number, body: unknown): SessionResult => ({
  ok: false,
  failure: { kind: 'unknown' },
  error: readApiFailure(status, body),
});

function deps(session: SessionResult, check: { removed: boolean } | null = { removed: false }) {
  return {
    loginWithSocial: vi.fn(() => Promise.resolve(session)),
    checkAccount: vi.fn(() => Promise.resolve(check)),
  };
}

describe('completeSocialLogin', () => {
  it('logs in, checks the account and goes on with the profile', async () => {
    const d = deps(ok);
    await expect(completeSocialLogin('sandbox', exchange, d)).resolves.toEqual({
      kind: 'loggedIn',
      profile,
    });
    expect(d.loginWithSocial).toHaveBeenCalledWith({
      connection: 'sandbox',
      code: 'c',
      state: 's',
    });
    expect(d.checkAccount).toHaveBeenCalledOnce();
  });

  it('logs a removed account out (check says removed)', async () => {
    await expect(
      completeSocialLogin('sandbox', exchange, deps(ok, { removed: true })),
    ).resolves.toEqual({ kind: 'accountRemoved' });
  });

  it('lets the player in when the check itself failed (null)', async () => {
    await expect(completeSocialLogin('sandbox', exchange, deps(ok, null))).resolves.toMatchObject({
      kind: 'loggedIn',
    });
  });

  it('reads 403 ACCOUNT_REMOVED from the exchange', async () => {
    const d = deps(failed(403, { code: 'ACCOUNT_REMOVED', message: 'gone' }));
    await expect(completeSocialLogin('google', exchange, d)).resolves.toEqual({
      kind: 'accountRemoved',
    });
    expect(d.checkAccount).not.toHaveBeenCalled();
  });

  it('says a password reset by staff comes first (403 PASSWORD_RESET_REQUIRED)', async () => {
    const body = { code: 'PASSWORD_RESET_REQUIRED', message: 'reset' };
    const d = deps(failed(403, body));
    await expect(completeSocialLogin('google', exchange, d)).resolves.toEqual({
      kind: 'failed',
      reason: 'passwordReset',
    });
    expect(d.checkAccount).not.toHaveBeenCalled();
  });

  it('sends a blocked account to /blocked without the removal check', async () => {
    const body = { code: 'ACCOUNT_BLOCKED', message: 'This account is blocked' };
    const d = deps({ ok: false, failure: { kind: 'blocked' }, error: readApiFailure(403, body) });
    await expect(completeSocialLogin('google', exchange, d)).resolves.toEqual({ kind: 'blocked' });
    expect(d.checkAccount).not.toHaveBeenCalled();
  });

  it('hands a new identity to the social sign-up', async () => {
    const body = {
      code: 'SOCIAL_SIGNUP_REQUIRED',
      message: 'sign up',
      details: { registrationToken: 'rt', email: null, connection: 'sandbox' },
    };
    await expect(
      completeSocialLogin('sandbox', exchange, deps(failed(409, body))),
    ).resolves.toEqual({
      kind: 'signupRequired',
      signup: { registrationToken: 'rt', email: null, connection: 'sandbox' },
    });
  });

  it('fails clearly on a provider error, a bad query or a refused exchange', async () => {
    const d = deps(ok);
    await expect(
      completeSocialLogin('sandbox', { kind: 'providerError', error: 'access_denied' }, d),
    ).resolves.toEqual({ kind: 'failed', reason: 'provider' });
    await expect(completeSocialLogin('sandbox', { kind: 'malformed' }, d)).resolves.toEqual({
      kind: 'failed',
      reason: 'exchange',
    });
    expect(d.loginWithSocial).not.toHaveBeenCalled();
    await expect(
      completeSocialLogin('sandbox', exchange, deps(failed(400, { code: 'BAD_REQUEST' }))),
    ).resolves.toEqual({ kind: 'failed', reason: 'exchange' });
    await expect(
      completeSocialLogin('sandbox', exchange, deps(failed(429, { code: 'RATE_LIMITED' }))),
    ).resolves.toEqual({ kind: 'throttled', seconds: 60 });
  });
});

describe('completeSocialLoginOnce', () => {
  it('exchanges a code once however often the page runs', async () => {
    const d = deps(ok);
    const query = { kind: 'exchange' as const, code: 'only-once', state: 's' };
    await Promise.all([
      completeSocialLoginOnce('sandbox', query, d),
      completeSocialLoginOnce('sandbox', query, d),
    ]);
    expect(d.loginWithSocial).toHaveBeenCalledTimes(1);
  });
});
