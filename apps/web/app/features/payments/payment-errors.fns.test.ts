import { readApiFailure } from '../../lib/api/api-error.ts';
import { knownDeclineReason, methodsFailureOf, payFailureOf } from './payment-errors.fns';

/** The failure as the client reads it; no status means no answer came. */
const read = (status: number | undefined, body: unknown) =>
  status === undefined ? undefined : readApiFailure(status, body);
const methodsFor = (status: number | undefined, body: unknown) =>
  methodsFailureOf(read(status, body));
const payFor = (status: number | undefined, body: unknown) => payFailureOf(read(status, body));

const refused = {
  code: 'PAYMENT_SESSION_REFUSED',
  message: 'The payment provider refused the session',
  details: { errorCode: 13102 },
};

describe('purchase methods failure (spec §8)', () => {
  it('401 with details.errorCode 13102 opens the error modal with code 11002', () => {
    expect(methodsFor(401, refused)).toEqual({ kind: 'errorModal', code: '11002' });
  });

  it('anything else opens the generic error modal', () => {
    expect(methodsFor(401, { ...refused, details: { errorCode: 13103 } })).toEqual({
      kind: 'errorModal',
    });
    expect(methodsFor(500, null)).toEqual({ kind: 'errorModal' });
    expect(methodsFor(undefined, null)).toEqual({ kind: 'errorModal' });
  });

  it('keeps the session meanings: blocked to /blocked, ended session logs out', () => {
    expect(methodsFor(403, { code: 'ACCOUNT_BLOCKED' })).toEqual({ kind: 'blocked' });
    expect(methodsFor(401, { code: 'SESSION_ENDED' })).toEqual({ kind: 'loggedOut' });
  });
});

describe('money-moving POST failures', () => {
  it('402 PAYMENT_DECLINED is a decline with the provider reason', () => {
    expect(
      payFor(402, { code: 'PAYMENT_DECLINED', details: { failureCode: 'card_declined' } }),
    ).toEqual({ kind: 'declined', reason: 'card_declined' });
  });

  it('a limit or other refusal is shown with the server message', () => {
    expect(
      payFor(409, { code: 'LIMIT_EXCEEDED', message: 'Over your daily purchase limit' }),
    ).toEqual({
      kind: 'refused',
      message: 'Over your daily purchase limit',
      code: 'LIMIT_EXCEEDED',
    });
  });

  it('validation problems name their fields', () => {
    expect(
      payFor(400, {
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field: 'body.amount', message: 'Too small' }] },
      }),
    ).toEqual({ kind: 'fields', fields: { amount: 'Too small' } });
  });

  it('blocked, logged out, and unknown failures', () => {
    expect(payFor(403, { code: 'ACCOUNT_BLOCKED' })).toEqual({ kind: 'blocked' });
    expect(payFor(401, { code: 'UNAUTHENTICATED' })).toEqual({ kind: 'loggedOut' });
    expect(payFor(503, null)).toEqual({ kind: 'unknown' });
    expect(payFor(undefined, null)).toEqual({ kind: 'unknown' });
  });

  it('explains only the decline reasons it knows', () => {
    expect(knownDeclineReason('insufficient_funds')).toBe('insufficient_funds');
    expect(knownDeclineReason('weird_code')).toBeUndefined();
    expect(knownDeclineReason(null)).toBeUndefined();
  });
});
