import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { PayoutRefusedError } from './payment-provider.ts';
import { unconfiguredProvider } from './unconfigured-provider.ts';

describe('unconfiguredProvider', () => {
  const provider = unconfiguredProvider();
  const customer = { playerId: 'p1', email: 'p1@example.com' };

  it('refuses a payout outright, so an approval releases its claim', async () => {
    const sent = provider.createPayout({
      invoiceId: 'inv-1',
      customer,
      methodId: 'bank',
      amount: 1000,
      currency: 'SC',
      notAfter: new Date(),
    });
    await expect(sent).rejects.toBeInstanceOf(PayoutRefusedError);
    await expect(sent).rejects.toMatchObject({ failureCode: 'no_provider' });
  });

  it('holds no payout, so a quiet approval’s claim is released', async () => {
    await expect(provider.findPayout('inv-1')).resolves.toBeNull();
  });

  it('answers 503 to paying', async () => {
    const opened = provider.openCashierSession(customer);
    await expect(opened).rejects.toBeInstanceOf(AppError);
    await expect(opened).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
