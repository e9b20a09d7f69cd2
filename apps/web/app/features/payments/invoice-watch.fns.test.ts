import type { Invoice } from '@coinfall/shared/contracts/payment';
import {
  confirmationProgress,
  nextPollDelay,
  POLL_FAST_MS,
  POLL_GIVE_UP_AFTER_MS,
  POLL_SLOW_MS,
} from './invoice-watch.fns';

describe('polling stop rule', () => {
  it('stops once the invoice is settled (success or rejected)', () => {
    expect(nextPollDelay({ status: 2 }, 0)).toBeUndefined();
    expect(nextPollDelay({ status: 3 }, 0)).toBeUndefined();
  });

  it('keeps polling pending and processing invoices, fast first, then slower', () => {
    expect(nextPollDelay({ status: 1 }, 0)).toBe(POLL_FAST_MS);
    expect(nextPollDelay({ status: 4 }, 10_000)).toBe(POLL_FAST_MS);
    expect(nextPollDelay(undefined, 0)).toBe(POLL_FAST_MS);
    expect(nextPollDelay({ status: 4 }, 5 * 60_000)).toBe(POLL_SLOW_MS);
  });

  it('gives up after half an hour', () => {
    expect(nextPollDelay({ status: 4 }, POLL_GIVE_UP_AFTER_MS)).toBeUndefined();
  });
});

describe('crypto confirmations', () => {
  const invoice = (confirmations: number) =>
    ({
      nextAction: {
        type: 'crypto_address',
        address: 'bc1q',
        network: 'bitcoin',
        confirmationsRequired: 3,
        confirmations,
      },
    }) as Invoice;

  it('shows k of N, never more than N', () => {
    expect(confirmationProgress(invoice(1))).toEqual({ done: 1, required: 3 });
    expect(confirmationProgress(invoice(5))).toEqual({ done: 3, required: 3 });
    expect(confirmationProgress({ nextAction: null } as Invoice)).toBeUndefined();
  });
});
