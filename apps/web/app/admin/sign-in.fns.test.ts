import type { ApiFailure } from '../lib/api/api-error';
import { secondFactorOf, signInProblemOf } from './sign-in.fns';

const failure = (partial: Partial<ApiFailure> & { status: number }): ApiFailure => ({
  code: undefined,
  message: '',
  details: undefined,
  ...partial,
});

describe('signInProblemOf', () => {
  it('tells a throttled staff member how long to wait', () => {
    const problem = signInProblemOf(
      failure({ status: 429, code: 'RATE_LIMITED', details: { retryAfterSeconds: 600 } }),
      'password',
    );
    expect(problem).toEqual({
      message: 'Too many failed attempts. Try again in 10 minutes.',
      restart: false,
    });
  });

  it('says which step was wrong', () => {
    const wrong = failure({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(signInProblemOf(wrong, 'password').message).toBe('Wrong email or password.');
    expect(signInProblemOf(wrong, 'code').message).toMatch(/code is not valid/);
  });

  it('sends back to the password when the challenge expired', () => {
    const expired = failure({
      status: 401,
      code: 'STAFF_UNAUTHENTICATED',
      message: 'The sign-in expired: enter your password again',
    });
    expect(signInProblemOf(expired, 'code')).toEqual({
      message: 'The sign-in expired: enter your password again',
      restart: true,
    });
  });

  it('puts field problems on their fields', () => {
    const invalid = failure({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'body.email', message: 'Too long' }] },
    });
    expect(signInProblemOf(invalid, 'password').fields).toEqual({ email: 'Too long' });
  });
});

describe('secondFactorOf', () => {
  it('sends six digits as a code and a recovery code as one, spaces dropped', () => {
    expect(secondFactorOf(' 123 456 ', 'totp')).toEqual({ code: '123456' });
    expect(secondFactorOf('abcde-12345', 'recovery')).toEqual({ recoveryCode: 'abcde-12345' });
  });

  it('sends nothing the API would refuse', () => {
    expect(secondFactorOf('12345', 'totp')).toBeUndefined();
    expect(secondFactorOf('abcde-12345', 'totp')).toBeUndefined();
    expect(secondFactorOf('123456', 'recovery')).toBeUndefined();
  });
});
