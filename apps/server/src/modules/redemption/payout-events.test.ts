import { AppError } from '../../platform/errors.ts';
import { createPayoutEventHandler, type PayoutEvent } from './payout-events.ts';
import type { PayoutOutcome } from './redemption.service.ts';

// The whole provider event as it arrives; the handler reads only its PayoutEvent part.
const event = (type: string, declineCode?: string): PayoutEvent & Record<string, unknown> => ({
  id: 'evt-1',
  type,
  providerRef: 'ref-1',
  invoiceId: '00000000-0000-4000-8000-000000000001',
  amount: 10_000,
  currency: 'SC',
  sequence: 1,
  occurredAt: '2026-01-01T00:00:00Z',
  ...(declineCode ? { declineCode } : {}),
});

describe('onPayoutEvent', () => {
  function handler(fail?: Error) {
    const calls: [string, PayoutOutcome, string | undefined][] = [];
    const onPayoutEvent = createPayoutEventHandler({
      settlePayout: (id, outcome, reason) => {
        calls.push([id, outcome, reason]);
        return fail ? Promise.reject(fail) : Promise.resolve({} as never);
      },
    });
    return { calls, onPayoutEvent };
  }

  it('settles payout.succeeded as success and payout.failed as rejected with its code', async () => {
    const { calls, onPayoutEvent } = handler();
    expect(await onPayoutEvent(event('payout.succeeded'))).toBe('applied');
    expect(await onPayoutEvent(event('payout.failed', 'account_closed'))).toBe('applied');
    expect(calls.map(([, o, r]) => [o, r])).toEqual([
      ['success', undefined],
      ['rejected', 'account_closed'],
    ]);
  });

  it('ignores payment events and outcomes that come after a final one', async () => {
    expect(await handler().onPayoutEvent(event('payment.succeeded'))).toBe('ignored');
    const late = handler(new AppError('CONFLICT', 'final'));
    expect(await late.onPayoutEvent(event('payout.failed'))).toBe('ignored');
  });

  it('lets any other failure through, so the delivery is retried', async () => {
    const broken = handler(new Error('database down'));
    await expect(broken.onPayoutEvent(event('payout.succeeded'))).rejects.toThrow('database down');
  });
});
