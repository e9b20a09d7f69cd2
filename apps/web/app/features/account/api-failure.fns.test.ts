import { readApiFailure } from '../../lib/api/api-error.ts';
import { accountFailureOf, socialSignupOf } from './api-failure.fns';

const error = (code: string, details?: unknown) => ({
  code,
  message: 'm',
  requestId: 'r',
  details,
});

/** The failure as the client reads it from a status and an answer. */
const failureOf = (status: number, body: unknown) => accountFailureOf(readApiFailure(status, body));
const signupOf = (body: unknown) => socialSignupOf(readApiFailure(409, body));

describe('accountFailureOf', () => {
  it('reads the throttle with its seconds, 60 when the answer does not say', () => {
    expect(failureOf(429, error('RATE_LIMITED', { retryAfterSeconds: 12.2 }))).toEqual({
      kind: 'throttled',
      seconds: 13,
    });
    expect(failureOf(429, null)).toEqual({ kind: 'throttled', seconds: 60 });
  });

  it('calls a 400 on body.code a spent code', () => {
    const body = error('VALIDATION_FAILED', { fields: [{ field: 'body.code', message: 'bad' }] });
    expect(failureOf(400, body)).toEqual({ kind: 'invalidCode' });
  });

  it('keeps other field problems under the body field name', () => {
    const body = error('VALIDATION_FAILED', {
      fields: [{ field: 'body.nickname', message: 'Too short' }],
    });
    expect(failureOf(400, body)).toEqual({
      kind: 'fields',
      fields: { nickname: 'Too short' },
    });
  });

  it('recognises a removed account and a social sign-up', () => {
    expect(failureOf(403, error('ACCOUNT_REMOVED'))).toEqual({ kind: 'accountRemoved' });
    const signup = error('SOCIAL_SIGNUP_REQUIRED', {
      registrationToken: 'tok',
      email: 'p@example.com',
      connection: 'sandbox',
    });
    expect(failureOf(409, signup)).toEqual({
      kind: 'socialSignupRequired',
      signup: { registrationToken: 'tok', email: 'p@example.com', connection: 'sandbox' },
    });
  });

  it('says unknown, with the status, for anything else', () => {
    expect(failureOf(500, 'oops')).toEqual({ kind: 'unknown', status: 500 });
    expect(failureOf(403, error('FORBIDDEN'))).toEqual({ kind: 'unknown', status: 403 });
  });
});

describe('socialSignupOf', () => {
  it('refuses incomplete details (no token, unknown connection)', () => {
    expect(signupOf(error('SOCIAL_SIGNUP_REQUIRED', { connection: 'sandbox' }))).toBe(undefined);
    expect(
      signupOf(error('SOCIAL_SIGNUP_REQUIRED', { registrationToken: 't', connection: 'myspace' })),
    ).toBe(undefined);
  });

  it('reads a missing email as null', () => {
    expect(
      signupOf(
        error('SOCIAL_SIGNUP_REQUIRED', {
          registrationToken: 't',
          connection: 'apple',
          email: null,
        }),
      ),
    ).toEqual({ registrationToken: 't', connection: 'apple', email: null });
  });
});
