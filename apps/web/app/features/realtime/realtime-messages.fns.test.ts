import { InvoiceStatus, InvoiceType } from '@coinfall/shared/constants';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import type { RealtimeMessage } from '@coinfall/shared/contracts/realtime';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import {
  createMessageDedupe,
  isRealtimeMessage,
  playerIdOfToken,
  playerPushEffect,
  PUSH_QUERY_KEYS,
  withBalances,
} from './realtime-messages.fns';

const PLAYER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const invoice = (overrides: Partial<Invoice>): Invoice => ({
  id: '33333333-3333-4333-8333-333333333333',
  type: InvoiceType.Deposit,
  status: InvoiceStatus.Success,
  amount: 1000,
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:01:00.000Z',
  processedAt: '2026-01-01T00:01:00.000Z',
  paymentMethod: null,
  purchaseId: null,
  failureCode: null,
  nextAction: null,
  ...overrides,
});

const account = (id: string, balance: number): WalletAccount =>
  ({ id, currency: 'SC', balance, status: 1, hidden: false }) as WalletAccount;

describe('isRealtimeMessage', () => {
  it('accepts the gateway envelope and refuses anything else', () => {
    expect(isRealtimeMessage({ event: 'winners.updated', data: {} })).toBe(true);
    expect(isRealtimeMessage({ event: 'kyc.player.updated', id: 4, data: {} })).toBe(true);
    expect(isRealtimeMessage({ event: 'quest.task.updated', id: 4, part: 1, data: {} })).toBe(true);
    expect(isRealtimeMessage({ event: 'x', id: '4', data: {} })).toBe(false);
    expect(isRealtimeMessage({ event: 'x', id: 4, part: '1', data: {} })).toBe(false);
    expect(isRealtimeMessage({ data: {} })).toBe(false);
    expect(isRealtimeMessage(null)).toBe(false);
  });
});

describe('createMessageDedupe', () => {
  const message = (id?: number): RealtimeMessage => ({
    event: 'wallet.balance.updated',
    id,
    data: {},
  });

  it('lets an outbox id through once per channel', () => {
    const isNew = createMessageDedupe();
    expect(isNew('a', message(1))).toBe(true);
    expect(isNew('a', message(1))).toBe(false);
    expect(isNew('b', message(1))).toBe(true);
  });

  it('tells the parts of one event apart, and lets each through once', () => {
    const isNew = createMessageDedupe();
    const part = (n: number): RealtimeMessage => ({ ...message(7), part: n });
    expect(isNew('a', part(0))).toBe(true);
    expect(isNew('a', part(1))).toBe(true);
    expect(isNew('a', part(1))).toBe(false);
    // A message without a part is part 0.
    expect(isNew('a', message(7))).toBe(false);
  });

  it('always lets messages without an id through (whole boards)', () => {
    const isNew = createMessageDedupe();
    expect(isNew('a', message())).toBe(true);
    expect(isNew('a', message())).toBe(true);
  });

  it('forgets the oldest ids beyond its limit', () => {
    const isNew = createMessageDedupe(2);
    isNew('a', message(1));
    isNew('a', message(2));
    isNew('a', message(3));
    expect(isNew('a', message(1))).toBe(true);
    expect(isNew('a', message(3))).toBe(false);
  });
});

describe('playerIdOfToken', () => {
  const token = (claims: object) =>
    `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

  it('reads the sub claim', () => {
    expect(playerIdOfToken(token({ sub: PLAYER, exp: 1 }))).toBe(PLAYER);
  });

  it('answers undefined for no token, garbage or no sub', () => {
    expect(playerIdOfToken(undefined)).toBeUndefined();
    expect(playerIdOfToken('not-a-jwt')).toBeUndefined();
    expect(playerIdOfToken('a.%%%.c')).toBeUndefined();
    expect(playerIdOfToken(token({ exp: 1 }))).toBeUndefined();
  });
});

describe('playerPushEffect', () => {
  it('writes the balances of this player only and reads the wallet again', () => {
    const effect = playerPushEffect(
      {
        event: 'wallet.balance.updated',
        id: 1,
        data: {
          transactionId: PLAYER,
          accounts: [
            { accountId: 'a1', playerId: PLAYER, currency: 'SC', balance: 500 },
            { accountId: 'a2', playerId: OTHER, currency: 'SC', balance: 9 },
          ],
        },
      },
      PLAYER,
    );
    expect(effect.balances).toEqual([{ accountId: 'a1', balance: 500 }]);
    expect(effect.invalidate).toContainEqual(PUSH_QUERY_KEYS.accounts);
    expect(effect.alert).toBeUndefined();
  });

  it('raises the deposit outcome alerts for settled deposits only', () => {
    const push = (inv: Invoice) =>
      playerPushEffect(
        { event: 'invoice.deposit.updated', id: 2, data: { invoice: inv, playerId: PLAYER } },
        PLAYER,
      );
    expect(push(invoice({})).alert?.key).toBe('depositSuccess');
    expect(push(invoice({ status: InvoiceStatus.Rejected })).alert?.key).toBe('depositError');
    expect(push(invoice({ status: InvoiceStatus.Pending })).alert).toBeUndefined();
    expect(push(invoice({ status: InvoiceStatus.Processing })).alert).toBeUndefined();
    // A purchase's invoice travels on the same event: a paid one is kept in the bell, a
    // declined one is the checkout's to tell.
    expect(push(invoice({ type: InvoiceType.Purchase })).alert?.key).toBe('purchaseSuccess');
    expect(
      push(invoice({ type: InvoiceType.Purchase, status: InvoiceStatus.Rejected })).alert,
    ).toBeUndefined();
    expect(
      push(invoice({ type: InvoiceType.Purchase, status: InvoiceStatus.Processing })).alert,
    ).toBeUndefined();
    expect(push(invoice({})).invalidate).toContainEqual(PUSH_QUERY_KEYS.invoices);
  });

  it('raises the withdraw error alert for a rejected payout only', () => {
    const push = (inv: Invoice) =>
      playerPushEffect(
        { event: 'invoice.withdrawal.updated', id: 3, data: { invoice: inv, playerId: PLAYER } },
        PLAYER,
      );
    expect(
      push(invoice({ type: InvoiceType.VirtualPayout, status: InvoiceStatus.Rejected })).alert?.key,
    ).toBe('withdrawError');
    expect(
      push(invoice({ type: InvoiceType.VirtualPayout, status: InvoiceStatus.Success })).alert,
    ).toBeUndefined();
  });

  it('reads purchases again on a purchase update', () => {
    const effect = playerPushEffect({ event: 'bundle.purchase.updated', id: 4, data: {} }, PLAYER);
    expect(effect.invalidate).toEqual([PUSH_QUERY_KEYS.purchases]);
  });

  it('refreshes the profile and alerts once the identity is verified', () => {
    const push = (kycVerified: boolean) =>
      playerPushEffect(
        {
          event: 'kyc.player.updated',
          id: 5,
          data: { playerId: PLAYER, kycVerified, status: 'verified' },
        },
        PLAYER,
      );
    expect(push(true).alert).toEqual({ key: 'kycVerified' });
    expect(push(true).invalidate).toContainEqual(PUSH_QUERY_KEYS.profile);
    expect(push(true).invalidate).toContainEqual(PUSH_QUERY_KEYS.documents);
    expect(push(false).alert).toBeUndefined();
  });

  it('does nothing for events it does not know', () => {
    expect(playerPushEffect({ event: 'quest.updated', id: 6, data: {} }, PLAYER)).toEqual({
      balances: [],
      invalidate: [],
    });
  });
});

describe('withBalances', () => {
  it('writes pushed balances into the matching accounts', () => {
    const list = [account('a1', 100), account('a2', 200)];
    const next = withBalances(list, [{ accountId: 'a2', balance: 250 }]);
    expect(next.map((a) => a.balance)).toEqual([100, 250]);
    expect(next[0]).toBe(list[0]);
  });

  it('keeps the same list when nothing changed', () => {
    const list = [account('a1', 100)];
    expect(withBalances(list, [{ accountId: 'a1', balance: 100 }])).toBe(list);
    expect(withBalances(list, [{ accountId: 'zz', balance: 1 }])).toBe(list);
  });
});
