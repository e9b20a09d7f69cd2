import { modalAfterLogin } from './use-login';

describe('modalAfterLogin (spec §4 login flow)', () => {
  const agreed = { agreedTc: true, email: 'p@example.com' };

  it('sends a new player who agreed to terms to verify-bonus', () => {
    expect(modalAfterLogin(agreed, true, 'bundles')).toBe('verify-bonus');
  });

  it('asks for the name (and email) when the terms are not agreed yet', () => {
    expect(modalAfterLogin({ agreedTc: false, email: 'p@example.com' }, false, null)).toBe(
      'user-name',
    );
    expect(modalAfterLogin({ agreedTc: false, email: '' }, true, null)).toBe('user-name-email');
  });

  it('takes an existing player to the backTo modal, or closes', () => {
    expect(modalAfterLogin(agreed, false, 'bundles')).toBe('bundles');
    expect(modalAfterLogin(agreed, false, null)).toBeUndefined();
    expect(modalAfterLogin(agreed, false, 'nonsense')).toBeUndefined();
    expect(modalAfterLogin(agreed, false, 'sign-in')).toBeUndefined();
  });
});
