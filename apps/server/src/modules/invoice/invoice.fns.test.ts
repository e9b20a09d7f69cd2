import { InvoiceStatus } from '@coinfall/shared';
import { canMoveInvoice, isFinalInvoiceStatus } from './invoice.fns.ts';

const { Pending, Processing, Success, Rejected } = InvoiceStatus;

describe('canMoveInvoice', () => {
  it('moves forward from pending and processing', () => {
    expect(canMoveInvoice(Pending, Processing)).toBe(true);
    expect(canMoveInvoice(Pending, Success)).toBe(true);
    expect(canMoveInvoice(Pending, Rejected)).toBe(true);
    expect(canMoveInvoice(Processing, Success)).toBe(true);
    expect(canMoveInvoice(Processing, Rejected)).toBe(true);
  });

  it('never leaves a final status nor goes back to pending', () => {
    for (const to of [Pending, Processing, Success, Rejected]) {
      expect(canMoveInvoice(Success, to)).toBe(false);
      expect(canMoveInvoice(Rejected, to)).toBe(false);
    }
    expect(canMoveInvoice(Processing, Pending)).toBe(false);
    expect(canMoveInvoice(Processing, Processing)).toBe(false);
  });

  it('knows the final statuses', () => {
    expect([Pending, Processing, Success, Rejected].map(isFinalInvoiceStatus)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
