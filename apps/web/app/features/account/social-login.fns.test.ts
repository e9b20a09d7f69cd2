import {
  homeSearch,
  parseSocialReturn,
  parseSocialSignup,
  readCallbackQuery,
  serializeSocialReturn,
  serializeSocialSignup,
  SOCIAL_SIGNUP_TTL_MS,
} from './social-login.fns';

const signup = { registrationToken: 'tok', email: 'p@example.com', connection: 'sandbox' as const };

describe('the stored social sign-up', () => {
  it('reads back what was saved while it is fresh', () => {
    expect(parseSocialSignup(serializeSocialSignup(signup, 1_000), 2_000)).toEqual(signup);
  });

  it('is gone once older than the TTL', () => {
    const raw = serializeSocialSignup(signup, 0);
    expect(parseSocialSignup(raw, SOCIAL_SIGNUP_TTL_MS + 1)).toBeUndefined();
  });

  it('drops unreadable values instead of throwing', () => {
    expect(parseSocialSignup(null, 0)).toBeUndefined();
    expect(parseSocialSignup('{not json', 0)).toBeUndefined();
    expect(parseSocialSignup(JSON.stringify({ registrationToken: 'x' }), 0)).toBeUndefined();
  });
});

describe('the social return (backTo)', () => {
  it('belongs to the state it was saved with', () => {
    const raw = serializeSocialReturn('s1', 'bundles');
    expect(parseSocialReturn(raw, 's1')).toBe('bundles');
    expect(parseSocialReturn(raw, 's2')).toBeUndefined();
    expect(parseSocialReturn(serializeSocialReturn('s1', undefined), 's1')).toBeUndefined();
  });
});

describe('readCallbackQuery', () => {
  it('exchanges code and state', () => {
    expect(readCallbackQuery(new URLSearchParams('code=c&state=s'))).toEqual({
      kind: 'exchange',
      code: 'c',
      state: 's',
    });
  });

  it('reports the provider error first, and a query without code or state as malformed', () => {
    expect(readCallbackQuery(new URLSearchParams('error=access_denied&code=c&state=s'))).toEqual({
      kind: 'providerError',
      error: 'access_denied',
    });
    expect(readCallbackQuery(new URLSearchParams('code=c'))).toEqual({ kind: 'malformed' });
  });
});

describe('homeSearch', () => {
  it('opens the next modal on home, or nothing', () => {
    expect(homeSearch('verify-bonus')).toBe('?modal=verify-bonus');
    expect(homeSearch('sign-up', { source: 'social' })).toBe('?modal=sign-up&source=social');
    expect(homeSearch(undefined)).toBe('');
  });
});
