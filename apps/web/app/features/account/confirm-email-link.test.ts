import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import type { SessionResult } from '../../lib/session/session';
import { followConfirmEmailLink, followConfirmEmailLinkOnce } from './confirm-email-link';

const profile = { id: 'p1', email: 'p@example.com', agreedTc: true } as PlayerProfile;
const loggedIn: SessionResult = {
  ok: true,
  session: { accessToken: 't', expiresAfter: 900, profile },
};

function deps(confirmOk: boolean, session: SessionResult = loggedIn) {
  return {
    confirmEmail: vi.fn(() =>
      Promise.resolve(
        confirmOk
          ? { ok: true as const, value: undefined }
          : { ok: false as const, failure: { kind: 'invalidCode' as const } },
      ),
    ),
    loginWithToken: vi.fn(() => Promise.resolve(session)),
  };
}

describe('followConfirmEmailLink', () => {
  it('confirms and logs a device without a session in with the token', async () => {
    const d = deps(true);
    const result = await followConfirmEmailLink(
      { code: 'c', token: 'tok', isAuthenticated: false },
      d,
    );
    expect(result).toEqual({ confirmed: true, loggedInAs: profile });
    expect(d.confirmEmail).toHaveBeenCalledWith({ code: 'c' });
    expect(d.loginWithToken).toHaveBeenCalledWith('tok');
  });

  it('leaves a logged-in device as it is', async () => {
    const d = deps(true);
    const result = await followConfirmEmailLink(
      { code: 'c', token: 'tok', isAuthenticated: true },
      d,
    );
    expect(result).toEqual({ confirmed: true, loggedInAs: undefined });
    expect(d.loginWithToken).not.toHaveBeenCalled();
  });

  it('still tries the login when the code was already used', async () => {
    const d = deps(false);
    const result = await followConfirmEmailLink(
      { code: 'c', token: 'tok', isAuthenticated: false },
      d,
    );
    expect(result).toEqual({ confirmed: false, loggedInAs: profile });
  });

  it('reports a failed token login as not logged in', async () => {
    const d = deps(true, { ok: false, failure: { kind: 'unknown' } });
    const result = await followConfirmEmailLink(
      { code: 'c', token: 'tok', isAuthenticated: false },
      d,
    );
    expect(result).toEqual({ confirmed: true, loggedInAs: undefined });
  });

  it('confirms nothing without a code', async () => {
    const d = deps(true);
    const result = await followConfirmEmailLink(
      { code: '', token: undefined, isAuthenticated: true },
      d,
    );
    expect(result.confirmed).toBe(false);
    expect(d.confirmEmail).not.toHaveBeenCalled();
  });
});

describe('followConfirmEmailLinkOnce', () => {
  it('sends a link once however often it is followed', async () => {
    const d = deps(true);
    const link = { code: 'once', token: 'tok-once', isAuthenticated: false };
    const [first, second] = await Promise.all([
      followConfirmEmailLinkOnce(link, d),
      followConfirmEmailLinkOnce(link, d),
    ]);
    expect(first).toBe(second);
    expect(d.confirmEmail).toHaveBeenCalledTimes(1);
    expect(d.loginWithToken).toHaveBeenCalledTimes(1);
  });
});
