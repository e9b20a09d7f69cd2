import { InvoiceStatus, InvoiceType, PurchaseStatus } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { DomainEventInput } from '../../platform/events/outbox.repo.ts';
import type { InvoiceRow } from '../invoice/invoice.fns.ts';
import type { PostingInput } from '../ledger/ledger.fns.ts';
import type { PostingResult } from '../ledger/ledger.service.ts';
import { PURCHASERS_SEGMENT_ID } from '../shop/shop.fns.ts';
import type { PurchaseRow } from '../shop/shop.fns.ts';
import type { WalletAccountRow } from '../wallet/wallet.repo.ts';
import { PLAYER_EXCLUDED_FAILURE } from './payment.fns.ts';
import { createSettlement, settlementKey } from './settlement.service.ts';

// Service tier: settlement with in-memory fakes of its Pick<> deps — a paid invoice credits once,
// whatever replays it — until now only reachable through webhooks on a database.

const NOW = new Date('2026-03-10T12:00:00Z');
const PLAYER = '00000000-0000-4000-8000-000000000001';
const tx = {} as Database;

function invoiceRow(over: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: 'inv-1',
    playerId: PLAYER,
    type: InvoiceType.Deposit,
    status: InvoiceStatus.Pending,
    amount: 5_000,
    currency: 'USD',
    amountBase: 5_000,
    paymentMethodId: 'card-1',
    paymentMethodType: 'card',
    paymentMethodName: 'Visa',
    purchaseId: null,
    provider: 'fake',
    providerRef: 'ref-1',
    failureCode: null,
    nextAction: null,
    ledgerTransactionId: null,
    settlementTransactionId: null,
    createdAt: NOW,
    updatedAt: NOW,
    processedAt: null,
    abandonCheckedAt: null,
    payoutSentAt: null,
    refundCheckedAt: null,
    refundStatus: null,
    refundAnsweredAt: null,
    refundRef: null,
    ...over,
  };
}

function setup(
  opts: { purchase?: Partial<PurchaseRow>; accounts?: string[]; excludedUntil?: Date } = {},
) {
  const balances = new Map<string, number>();
  const postings: PostingInput[] = [];
  const booked = new Map<string, PostingResult>();
  const accounts = (opts.accounts ?? ['USD']).map(
    (currency) => ({ id: `acc-${currency}`, currency, status: 1 }) as WalletAccountRow,
  );
  const events: DomainEventInput<never>[] = [];
  const credits: { ledgerTransactionId: string }[] = [];
  const rows = new Map<string, InvoiceRow>();
  const segments: number[] = [];
  let purchase: PurchaseRow | undefined = opts.purchase
    ? {
        id: 'pur-1',
        playerId: PLAYER,
        status: PurchaseStatus.InProgress,
        goldCoins: 100_000,
        sweepsCoins: 2_000,
        bundleId: 1,
        bundleIdentity: 'starter',
        amount: 5_000,
        currency: 'USD',
        invoiceId: 'inv-1',
        createdAt: NOW,
        updatedAt: NOW,
        ...opts.purchase,
      }
    : undefined;

  const settlement = createSettlement({
    // The ledger's own rule, faked: a key books once; the same key again is a replay.
    ledger: {
      post: (_tx, input) => {
        const seen = booked.get(input.idempotencyKey);
        if (seen) return Promise.resolve({ ...seen, replayed: true });
        postings.push(input);
        for (const e of input.entries) {
          if ('accountId' in e.account) {
            balances.set(e.account.accountId, (balances.get(e.account.accountId) ?? 0) + e.amount);
          }
        }
        const result = {
          transaction: { transactionId: `tx-${booked.size + 1}` },
          replayed: false,
        } as PostingResult;
        booked.set(input.idempotencyKey, result);
        return Promise.resolve(result);
      },
    },
    wallet: {
      // The wallet service's rule (an account per currency, opened when missing) over a list.
      accountIn: (_tx, playerId, currency) => {
        const existing = accounts.find((a) => a.currency === currency);
        if (existing) return Promise.resolve(existing.id);
        const row = { id: `acc-${currency}`, playerId, currency } as WalletAccountRow;
        accounts.push(row);
        return Promise.resolve(row.id);
      },
    },
    invoices: {
      updateInvoice: (_tx, id, patch) => {
        const row = { ...(rows.get(id) ?? invoiceRow({ id })), ...patch };
        rows.set(id, row);
        return Promise.resolve(row);
      },
    },
    purchases: {
      lockOwnPurchase: () => Promise.resolve(purchase),
      updatePurchase: (_tx, _id, patch) => {
        purchase = { ...(purchase as PurchaseRow), ...patch };
        return Promise.resolve(purchase);
      },
    },
    payers: {
      excludedUntil: () => Promise.resolve(opts.excludedUntil ?? null),
      addSegment: (_tx, _playerId, segmentId) => {
        segments.push(segmentId);
        return Promise.resolve();
      },
    },
    credits: {
      // As the table's unique ledger transaction id does: one credit per posting.
      record: (_tx, credit) => {
        if (!credits.some((c) => c.ledgerTransactionId === credit.ledgerTransactionId)) {
          credits.push(credit);
        }
        return Promise.resolve();
      },
    },
    alerts: { checkIn: () => Promise.resolve(null) },
    outbox: {
      record: (_tx, event) => {
        events.push(event as DomainEventInput<never>);
        return Promise.resolve();
      },
    },
    now: () => NOW,
  });
  return {
    /** Settles `invoice` as the database holds it (the fake repo's row). */
    settle: (...args: Parameters<typeof settlement.settle>) => {
      rows.set(args[1].id, args[1]);
      return settlement.settle(...args);
    },
    balances,
    postings,
    events,
    credits,
    segments,
    purchase: () => purchase,
  };
}

const success = { status: InvoiceStatus.Success } as const;

describe('settlement', () => {
  it("credits a paid deposit to the player's account in its currency", async () => {
    const s = setup();
    const settled = await s.settle(tx, invoiceRow(), success);
    expect(settled).toMatchObject({ changed: true });
    expect(settled.invoice).toMatchObject({ status: InvoiceStatus.Success, processedAt: NOW });
    expect(s.balances.get('acc-USD')).toBe(5_000);
    expect(s.postings.map((p) => p.idempotencyKey)).toEqual([settlementKey('inv-1')]);
  });

  it('changes nothing when the success is replayed on the now-final invoice', async () => {
    const s = setup();
    const { invoice } = await s.settle(tx, invoiceRow(), success);
    const again = await s.settle(tx, invoice, success);
    expect(again).toEqual({ invoice, changed: false, alert: null });
    expect(s.postings).toHaveLength(1);
    expect(s.events).toHaveLength(1);
    expect(s.balances.get('acc-USD')).toBe(5_000);
  });

  it('books once when the same success arrives twice for a stale pending copy', async () => {
    const s = setup();
    await s.settle(tx, invoiceRow(), success);
    await s.settle(tx, invoiceRow(), success);
    expect(s.balances.get('acc-USD')).toBe(5_000);
    expect(s.postings).toHaveLength(1);
  });

  it('opens the account in the invoice currency when the player has none', async () => {
    const s = setup({ accounts: [] });
    await s.settle(tx, invoiceRow({ currency: 'BTC', amount: 70_000 }), success);
    expect(s.balances.get('acc-BTC')).toBe(70_000);
  });

  it('credits a paid purchase in gold and sweeps coins and records the SC credit once', async () => {
    const s = setup({ purchase: {}, accounts: ['GC', 'SC'] });
    const purchaseInvoice = invoiceRow({ type: InvoiceType.Purchase, purchaseId: 'pur-1' });
    await s.settle(tx, purchaseInvoice, success);
    await s.settle(tx, purchaseInvoice, success);
    expect(s.balances.get('acc-GC')).toBe(100_000);
    expect(s.balances.get('acc-SC')).toBe(2_000);
    expect(s.credits).toEqual([
      { playerId: PLAYER, source: 'purchase', amount: 2_000, ledgerTransactionId: 'tx-1' },
    ]);
    expect(s.purchase()?.status).toBe(PurchaseStatus.Completed);
    expect(s.segments).toContain(PURCHASERS_SEGMENT_ID);
  });

  it('moves no money on a decline, keeps its code and fails the purchase', async () => {
    const s = setup({ purchase: {} });
    const settled = await s.settle(
      tx,
      invoiceRow({ type: InvoiceType.Purchase, purchaseId: 'pur-1' }),
      { status: InvoiceStatus.Rejected, failureCode: 'card_declined' },
    );
    expect(settled.invoice).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: 'card_declined',
    });
    expect(s.postings).toEqual([]);
    expect(s.purchase()?.status).toBe(PurchaseStatus.Failed);
    expect(s.segments).toEqual([]);
  });

  it('refuses a purchase paid while its player is excluded: no coins, the purchase fails', async () => {
    const s = setup({
      purchase: {},
      accounts: ['GC', 'SC'],
      excludedUntil: new Date(NOW.getTime() + 60_000),
    });
    const settled = await s.settle(
      tx,
      invoiceRow({ type: InvoiceType.Purchase, purchaseId: 'pur-1' }),
      success,
    );
    expect(settled.invoice).toMatchObject({
      status: InvoiceStatus.Rejected,
      failureCode: PLAYER_EXCLUDED_FAILURE,
    });
    expect(s.postings).toEqual([]);
    expect(s.credits).toEqual([]);
    expect(s.purchase()?.status).toBe(PurchaseStatus.Failed);
    expect(s.segments).toEqual([]);
  });

  it('credits a purchase once the break has ended, and a deposit whatever the standing', async () => {
    const ended = setup({ purchase: {}, accounts: ['GC'], excludedUntil: NOW });
    await ended.settle(
      tx,
      invoiceRow({ type: InvoiceType.Purchase, purchaseId: 'pur-1' }),
      success,
    );
    expect(ended.purchase()?.status).toBe(PurchaseStatus.Completed);
    // Money of the player's own (a deposit) is theirs: it is credited, withdrawable as ever.
    const deposit = setup({ excludedUntil: new Date(NOW.getTime() + 60_000) });
    const { invoice } = await deposit.settle(tx, invoiceRow(), success);
    expect(invoice.status).toBe(InvoiceStatus.Success);
  });

  it('ignores a late processing after success', async () => {
    const s = setup();
    const { invoice } = await s.settle(tx, invoiceRow(), success);
    const late = await s.settle(tx, invoice, { status: InvoiceStatus.Processing });
    expect(late.changed).toBe(false);
    expect(late.invoice.status).toBe(InvoiceStatus.Success);
  });

  it('publishes each change as the invoice event of its kind', async () => {
    const s = setup();
    await s.settle(tx, invoiceRow(), { status: InvoiceStatus.Processing });
    await s.settle(tx, invoiceRow({ status: InvoiceStatus.Processing }), success);
    expect(s.events.map((e) => [e.type, e.playerId])).toEqual([
      ['invoice.deposit.updated', PLAYER],
      ['invoice.deposit.updated', PLAYER],
    ]);
    expect(s.postings).toHaveLength(1);
  });
});
