import { knownDeclineReason, methodsFailureOf, payFailureOf } from './payment-errors.fns';

const refused = {
  code: 'PAYMENT_SESSION_REFUSED',
  message: 'The payment provider refused the session',
  details: { errorCode: 13102 },
};

describe('purchase methods failure (spec §8)', () => {
  it('401 with details.errorCode 13102 opens the error modal with code 11002', () => {
    expect(methodsFailureOf(401, refused)).toEqual({ kind: 'errorModal', code: '11002' });
  });

  it('anything else opens the generic error modal', () => {
    expect(methodsFailureOf(401, { ...refused, details: { errorCode: 13103 } })).toEqual({
      kind: 'errorModal',
    });
    expect(methodsFailureOf(500, null)).toEqual({ kind: 'errorModal' });
    expect(methodsFailureOf(undefined, null)).toEqual({ kind: 'errorModal' });
  });

  it('keeps the session meanings: blocked to /blocked, ended session logs out', () => {
    expect(methodsFailureOf(403, { code: 'ACCOUNT_BLOCKED' })).toEqual({ kind: 'blocked' });
    expect(methodsFailureOf(401, { code: 'SESSION_ENDED' })).toEqual({ kind: 'loggedOut' });
  });
});

describe('money-moving POST failures', () => {
  it('402 PAYMENT_DECLINED is a decline with the provider reason', () => {
    expect(
      payFailureOf(402, { code: 'PAYMENT_DECLINED', details: { failureCode: 'card_declined' } }),
    ).toEqual({ kind: 'declined', reason: 'card_declined' });
  });

  it('a limit or other refusal is shown with the server message', () => {
    expect(
      payFailureOf(409, { code: 'LIMIT_EXCEEDED', message: 'Over your daily purchase limit' }),
    ).toEqual({
      kind: 'refused',
      message: 'Over your daily purchase limit',
      code: 'LIMIT_EXCEEDED',
    });
  });

  it('validation problems name their fields', () => {
    expect(
      payFailureOf(400, {
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field: 'body.amount', message: 'Too small' }] },
      }),
    ).toEqual({ kind: 'fields', fields: { amount: 'Too small' } });
  });

  it('blocked, logged out, and unknown failures', () => {
    expect(payFailureOf(403, { code: 'ACCOUNT_BLOCKED' })).toEqual({ kind: 'blocked' });
    expect(payFailureOf(401, { code: 'UNAUTHENTICATED' })).toEqual({ kind: 'loggedOut' });
    expect(payFailureOf(503, null)).toEqual({ kind: 'unknown' });
    expect(payFailureOf(undefined, null)).toEqual({ kind: 'unknown' });
  });

  it('explains only the decline reasons it knows', () => {
    expect(knownDeclineReason('insufficient_funds')).toBe('insufficient_funds');
    expect(knownDeclineReason('weird_code')).toBeUndefined();
    expect(knownDeclineReason(null)).toBeUndefined();
  });
});
