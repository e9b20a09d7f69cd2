import { InvoiceType } from '@coinfall/shared/constants';
import { invoiceStatusName, rejectionKindOf } from './invoice-status.fns.ts';

// One mapper: the history's and the payment flow's checks of their former copies, kept both.
describe('invoiceStatusName (spec §4)', () => {
  it('names 2, 3 and 4, and everything else pending', () => {
    expect(invoiceStatusName(2)).toBe('success');
    expect(invoiceStatusName(3)).toBe('rejected');
    expect(invoiceStatusName(4)).toBe('processing');
    expect(invoiceStatusName(1)).toBe('pending');
    expect(invoiceStatusName(0)).toBe('pending');
    expect(invoiceStatusName(99)).toBe('pending');
  });
});

describe('invoice outcome (spec §4)', () => {
  it('reads 2 success, 3 rejected, 4 processing and anything else as pending', () => {
    expect(invoiceStatusName(2)).toBe('success');
    expect(invoiceStatusName(3)).toBe('rejected');
    expect(invoiceStatusName(4)).toBe('processing');
    for (const status of [0, 1, 5, 99]) expect(invoiceStatusName(status)).toBe('pending');
  });
});

describe('rejectionKindOf', () => {
  it('names a refused withdrawal or redemption a payout, whatever paid it', () => {
    for (const type of [InvoiceType.Withdrawal, InvoiceType.VirtualPayout])
      for (const method of ['card', 'crypto', 'bank'])
        expect(rejectionKindOf({ type, paymentMethod: { type: method } })).toBe('payout');
  });

  it('speaks of a card only for a card payment', () => {
    const card = { type: 'card' };
    expect(rejectionKindOf({ type: InvoiceType.Purchase, paymentMethod: card })).toBe('card');
    expect(rejectionKindOf({ type: InvoiceType.Deposit, paymentMethod: { type: 'crypto' } })).toBe(
      'payment',
    );
    expect(rejectionKindOf({ type: InvoiceType.Deposit, paymentMethod: null })).toBe('payment');
  });
});
