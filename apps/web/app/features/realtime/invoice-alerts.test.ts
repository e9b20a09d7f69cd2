import { claimInvoiceAlert, forgetInvoiceAlerts } from './invoice-alerts';

describe('claimInvoiceAlert', () => {
  beforeEach(forgetInvoiceAlerts);

  it('gives an invoice outcome to its first claimer only', () => {
    expect(claimInvoiceAlert('i1', 2)).toBe(true);
    expect(claimInvoiceAlert('i1', 2)).toBe(false);
    expect(claimInvoiceAlert('i1', 3)).toBe(true);
    expect(claimInvoiceAlert('i2', 2)).toBe(true);
  });
});
