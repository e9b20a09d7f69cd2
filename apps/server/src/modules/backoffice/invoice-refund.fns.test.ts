import { refundOf } from './invoice-refund.fns.ts';

const row = {
  failureCode: null,
  refundStatus: null,
  refundRef: null,
  refundAnsweredAt: null,
} as const;

describe('refundOf', () => {
  it('is null for an invoice that was never refused for an exclusion', () => {
    expect(refundOf(row)).toBeNull();
    expect(refundOf({ ...row, failureCode: 'declined' })).toBeNull();
  });
  it('is due until the provider answers, then its answer with the reference or reason', () => {
    expect(refundOf({ ...row, failureCode: 'player_excluded' })).toEqual({
      status: 'due',
      reference: null,
      answeredAt: null,
    });
    const at = new Date('2026-11-27T10:00:00.000Z');
    expect(
      refundOf({
        ...row,
        failureCode: 'player_excluded',
        refundStatus: 'not_refundable',
        refundRef: 'crypto_transfer',
        refundAnsweredAt: at,
      }),
    ).toEqual({
      status: 'not_refundable',
      reference: 'crypto_transfer',
      answeredAt: at.toISOString(),
    });
  });
});
