import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canCancelPayment,
  detectRejectedPayouts,
  invoiceStatusLabel,
  hasOpenInvoices,
  invoiceStatusesOf,
  invoiceTypesOf,
  newestFirst,
} from './history.fns';

describe('canCancelPayment', () => {
  it('allows canceling a pending purchase or deposit only (a processing one is the provider’s)', () => {
    expect(canCancelPayment({ type: 3, status: 1 })).toBe(true);
    expect(canCancelPayment({ type: 1, status: 1 })).toBe(true);
    expect(canCancelPayment({ type: 3, status: 4 })).toBe(false);
    expect(canCancelPayment({ type: 3, status: 3 })).toBe(false);
    expect(canCancelPayment({ type: 2, status: 1 })).toBe(false);
    expect(canCancelPayment({ type: 4, status: 1 })).toBe(false);
  });
});

describe('invoiceStatusLabel', () => {
  it('says canceled or expired for those ends, rejected for a decline', () => {
    expect(invoiceStatusLabel({ status: 3, failureCode: 'canceled_by_player' })).toBe('canceled');
    expect(invoiceStatusLabel({ status: 3, failureCode: 'expired' })).toBe('expired');
    expect(invoiceStatusLabel({ status: 3, failureCode: 'card_declined' })).toBe('rejected');
    expect(invoiceStatusLabel({ status: 1, failureCode: null })).toBe('pending');
  });
});

describe('canCancel', () => {
  it('allows cancelling a pending redemption or withdrawal only', () => {
    expect(canCancel({ type: 4, status: 1 })).toBe(true);
    expect(canCancel({ type: 2, status: 1 })).toBe(true);
    expect(canCancel({ type: 4, status: 4 })).toBe(false);
    expect(canCancel({ type: 4, status: 2 })).toBe(false);
    expect(canCancel({ type: 1, status: 1 })).toBe(false);
    expect(canCancel({ type: 3, status: 1 })).toBe(false);
  });
});

describe('detectRejectedPayouts', () => {
  const payout = (id: string, status: number, type: 1 | 2 | 3 | 4 = 4) => ({ id, type, status });

  it('alerts for a payout seen open that is now rejected, once', () => {
    const first = detectRejectedPayouts(new Set(), [payout('a', 1), payout('b', 4, 2)]);
    expect(first.rejected).toEqual([]);
    expect([...first.watched].sort()).toEqual(['a', 'b']);

    const second = detectRejectedPayouts(first.watched, [payout('a', 3), payout('b', 2, 2)]);
    expect(second.rejected).toEqual(['a']);
    expect(second.watched.size).toBe(0);

    const third = detectRejectedPayouts(second.watched, [payout('a', 3)]);
    expect(third.rejected).toEqual([]);
  });

  it('never alerts for a rejection that was never seen open', () => {
    expect(detectRejectedPayouts(new Set(), [payout('old', 3)]).rejected).toEqual([]);
  });

  it('ignores deposits and purchases', () => {
    const seen = detectRejectedPayouts(new Set(), [payout('d', 1, 1)]);
    expect(seen.watched.size).toBe(0);
    expect(detectRejectedPayouts(new Set(['d']), [payout('d', 3, 1)]).rejected).toEqual([]);
  });

  it('keeps watching a payout missing from this page', () => {
    expect([...detectRejectedPayouts(new Set(['x']), []).watched]).toEqual(['x']);
  });
});

describe('filters', () => {
  it('maps tabs to invoice types', () => {
    expect(invoiceTypesOf('all')).toBeUndefined();
    expect(invoiceTypesOf('redemptions')).toEqual([4]);
    expect(invoiceTypesOf('withdrawals')).toEqual([2]);
    expect(invoiceTypesOf('deposits')).toEqual([1]);
  });
  it('treats processing as pending for the status filter', () => {
    expect(invoiceStatusesOf('pending')).toEqual([1, 4]);
    expect(invoiceStatusesOf('any')).toBeUndefined();
  });
});

describe('hasOpenInvoices and newestFirst', () => {
  it('knows when a list can still change', () => {
    expect(hasOpenInvoices([{ status: 2 }, { status: 3 }])).toBe(false);
    expect(hasOpenInvoices([{ status: 2 }, { status: 4 }])).toBe(true);
  });
  it('sorts newest first without touching the input', () => {
    const items = [
      { createdAt: '2025-01-01T00:00:00Z' },
      { createdAt: '2025-03-01T00:00:00Z' },
      { createdAt: '2025-02-01T00:00:00Z' },
    ];
    expect(newestFirst(items).map((i) => i.createdAt.slice(5, 7))).toEqual(['03', '02', '01']);
    expect(items[0]?.createdAt.slice(5, 7)).toBe('01');
  });
});
