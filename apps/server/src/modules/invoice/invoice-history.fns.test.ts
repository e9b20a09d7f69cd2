import { InvoiceType } from '@coinfall/shared';
import { toInvoiceStatistics } from './invoice-history.fns.ts';

describe('toInvoiceStatistics', () => {
  it('groups sums by kind, adds base amounts, and keeps each kind’s last invoice', () => {
    const at = new Date('2026-02-01T00:00:00Z');
    const stats = toInvoiceStatistics(
      'USD',
      [
        {
          type: InvoiceType.Deposit,
          currency: 'BTC',
          count: 1,
          amount: '100000',
          amountBase: '9725',
        },
        { type: InvoiceType.Deposit, currency: 'USD', count: 2, amount: '5000', amountBase: 5000 },
      ],
      [
        {
          type: InvoiceType.Deposit,
          amount: 100_000,
          currency: 'BTC',
          amountBase: 9_725,
          processedAt: at,
        },
      ],
    );
    expect(stats.deposits).toEqual({
      count: 3,
      sums: [
        { currency: 'BTC', amount: 100_000 },
        { currency: 'USD', amount: 5_000 },
      ],
      sumBase: '147.25',
      last: {
        amount: 100_000,
        currency: 'BTC',
        amountBase: '97.25',
        processedAt: at.toISOString(),
      },
    });
    expect(stats.virtualPayouts).toEqual({ count: 0, sums: [], sumBase: '0.00', last: null });
  });
});
