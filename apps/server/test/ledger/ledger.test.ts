import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  walletAccountListSchema,
  walletAccountSchema,
  walletBalanceUpdatedEventSchema,
  type WalletBalanceUpdatedEvent,
} from '@coinfall/shared';
import { createLedgerRepo } from '../../src/modules/ledger/ledger.repo.ts';
import {
  createLedgerService,
  type PostingResult,
} from '../../src/modules/ledger/ledger.service.ts';
import type { PostingInput } from '../../src/modules/ledger/ledger.fns.ts';
import {
  runLedgerInvariants,
  type InvariantResult,
} from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { AppError } from '../../src/platform/errors.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { ACCOUNT_BALANCE } from '../../src/modules/ledger/ledger.repo.ts';
import { bearer, register } from '../player/player-fixtures.ts';
import { withoutWelcomeCoins } from '../bonus/bonus-fixtures.ts';

/*
 * The ledger on a real database. With DATABASE_URL the concurrent cases run on a pool of
 * connections, so debits really race; on PGlite (one connection) the same calls are serialised,
 * which still checks that each one is applied exactly once.
 */
let t: TestApp;
let ledger: ReturnType<typeof createLedgerService>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  // Players start at 0 here, as this suite is about something else (decision 024).
  await withoutWelcomeCoins(t);
  ledger = createLedgerService({ repo: createLedgerRepo(t.database.db) });
});
afterAll(() => t.close());

/** Each posting in a database transaction of its own, as a request would book it. */
const post = (input: PostingInput): Promise<PostingResult> =>
  t.database.db.transaction((tx) => ledger.post(tx, input));

/** A new player's account in `currency`, opened through the API. */
async function playerAccount(currency = 'SC'): Promise<{ accountId: string; playerId: string }> {
  const session = await register(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/accounts',
    headers: bearer(session.accessToken),
    payload: { currency },
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/wallet/accounts',
    headers: bearer(session.accessToken),
  });
  const gc = walletAccountListSchema.parse(list.json()).data.find((a) => a.currency === 'GC');
  expect(gc).toBeDefined();
  return { accountId: walletAccountSchema.parse(res.json()).id, playerId: session.profile.id };
}

const credit = (accountId: string, amount: number, key: string = randomUUID()): PostingInput => ({
  idempotencyKey: key,
  kind: 'promotion',
  entries: [
    { account: { accountId }, currency: 'SC', amount },
    { account: { house: 'promotions' }, currency: 'SC', amount: -amount },
  ],
});
const bet = (accountId: string, amount: number, key: string = randomUUID()): PostingInput => ({
  idempotencyKey: key,
  kind: 'bet',
  entries: [
    { account: { accountId }, currency: 'SC', amount: -amount },
    { account: { house: 'bankroll' }, currency: 'SC', amount },
  ],
  metadata: { gameId: 'dice', round: 1 },
});

/** Raw SQL: both drivers answer with `{ rows }` (bigint may come back as a string). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function balanceOf(accountId: string): Promise<number> {
  const [row] = await rowsOf<{ balance: string | number }>(
    sql`select balance from ledger_accounts where id = ${accountId}`,
  );
  return Number(row?.balance);
}

async function transactionsWithKey(key: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${key}`,
  );
  return Number(row?.n);
}

const codeOf = (reason: unknown) => (reason instanceof AppError ? reason.code : String(reason));

describe('ledger postings', () => {
  it('L1: balance 100, 100 concurrent bets of 10 → exactly 10 accepted, final balance 0', async () => {
    const { accountId } = await playerAccount();
    await post(credit(accountId, 100));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, () => post(bet(accountId, 10))),
    );
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [codeOf(o.reason)] : []));
    expect(accepted).toHaveLength(10);
    expect(new Set(refused)).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('refuses a debit larger than the balance and leaves no trace of it', async () => {
    const { accountId } = await playerAccount();
    await post(credit(accountId, 50));
    const key = randomUUID();
    const err = await post(bet(accountId, 51, key)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 409 });
    expect(await balanceOf(accountId)).toBe(50);
    expect(await transactionsWithKey(key)).toBe(0);
    // The key is free again: a later, affordable retry books.
    await post(bet(accountId, 50, key));
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('L4: 10 sequential retries with one key → one effect, identical results', async () => {
    const { accountId } = await playerAccount();
    await post(credit(accountId, 100));
    const key = randomUUID();
    const results: PostingResult[] = [];
    for (let i = 0; i < 10; i += 1) results.push(await post(bet(accountId, 30, key)));
    expect(results.map((r) => r.replayed)).toEqual([false, ...Array<boolean>(9).fill(true)]);
    for (const r of results) expect(r.transaction).toEqual(results[0]?.transaction);
    expect(results[0]?.transaction.entries.map((e) => e.amount)).toEqual([-30, 30]);
    expect(await balanceOf(accountId)).toBe(70);
    expect(await transactionsWithKey(key)).toBe(1);
  });

  it('L4: 10 concurrent retries with one key → one effect, identical results', async () => {
    const { accountId } = await playerAccount();
    await post(credit(accountId, 100));
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(bet(accountId, 30, key))),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const r of results) expect(r.transaction).toEqual(results[0]?.transaction);
    expect(await balanceOf(accountId)).toBe(70);
    expect(await transactionsWithKey(key)).toBe(1);
  });

  it('answers CONFLICT naming the key when it is reused with another body', async () => {
    const { accountId } = await playerAccount();
    await post(credit(accountId, 100));
    const key = `bet-${randomUUID()}`;
    await post(bet(accountId, 10, key));
    const err = await post(bet(accountId, 20, key)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect((err as Error).message).toContain(key);
    expect(await balanceOf(accountId)).toBe(90);
  });

  it('refuses an unbalanced posting, a single entry and a wrong currency', async () => {
    const { accountId } = await playerAccount();
    const key = randomUUID();
    const unbalanced: PostingInput = {
      idempotencyKey: key,
      kind: 'promotion',
      entries: [
        { account: { accountId }, currency: 'SC', amount: 100 },
        { account: { house: 'promotions' }, currency: 'SC', amount: -99 },
      ],
    };
    await expect(post(unbalanced)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      post({ ...unbalanced, entries: unbalanced.entries.slice(0, 1) }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const gcIntoSc: PostingInput = {
      idempotencyKey: key,
      kind: 'promotion',
      entries: [
        { account: { accountId }, currency: 'GC', amount: 100 },
        { account: { house: 'promotions' }, currency: 'GC', amount: -100 },
      ],
    };
    const err = await post(gcIntoSc).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((err as AppError).details?.fields?.[0]?.field).toBe('entries[0].currency');
    expect(await transactionsWithKey(key)).toBe(0);
    expect(await balanceOf(accountId)).toBe(0);
  });

  it('lets house accounts go negative but never a player account, even by raw SQL', async () => {
    const { accountId } = await playerAccount();
    await post(credit(accountId, 5));
    const [house] = await rowsOf<{ id: string; balance: string | number }>(
      sql`select a.id, ${ACCOUNT_BALANCE} as balance from ledger_accounts a
        where a.purpose = 'promotions' and a.currency = 'SC'`,
    );
    expect(Number(house?.balance)).toBeLessThan(0);
    await expect(
      t.database.db.execute(sql`update ledger_accounts set balance = -1 where id = ${accountId}`),
    ).rejects.toThrow();
    // A house account's balance is its entries: no running balance may be written beside them.
    await expect(
      t.database.db.execute(sql`update ledger_accounts set balance = -5 where id = ${house?.id}`),
    ).rejects.toThrow();
  });

  it('refuses UPDATE and DELETE on entries and transactions', async () => {
    const { accountId } = await playerAccount();
    const { transaction } = await post(credit(accountId, 10));
    const db = t.database.db;
    const id = transaction.transactionId;
    await expect(
      db.execute(sql`update ledger_entries set amount = amount * 2 where transaction_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from ledger_entries where transaction_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_transactions set kind = 'bet' where id = ${id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from ledger_transactions where id = ${id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    expect(await balanceOf(accountId)).toBe(10);
  });

  it('refuses deleting an account, changing its id or truncating accounts', async () => {
    const { accountId } = await playerAccount();
    await post(credit(accountId, 10));
    const db = t.database.db;
    await expect(
      db.execute(sql`delete from ledger_accounts where id = ${accountId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_accounts set id = ${randomUUID()} where id = ${accountId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_accounts cascade`)).rejects.toThrow();
    expect(await balanceOf(accountId)).toBe(10);
  });
});

/** The `wallet.balance.updated` outbox rows of one player, oldest first. */
async function balanceEvents(playerId: string): Promise<WalletBalanceUpdatedEvent[]> {
  const rows = await rowsOf<{ payload: WalletBalanceUpdatedEvent }>(
    sql`select payload from domain_events
        where type = 'wallet.balance.updated' and player_id = ${playerId} order by id`,
  );
  return rows.map((r) => walletBalanceUpdatedEventSchema.parse(r.payload));
}

describe('balance announcements (decision 013)', () => {
  it('a posting writes one event per player with the new balances of the accounts it moved', async () => {
    const { accountId, playerId } = await playerAccount();
    const { transaction } = await post(credit(accountId, 40));
    expect(await balanceEvents(playerId)).toEqual([
      {
        transactionId: transaction.transactionId,
        accounts: [{ accountId, playerId, currency: 'SC', balance: 40 }],
      },
    ]);
    const second = await post(bet(accountId, 15));
    const events = await balanceEvents(playerId);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({
      transactionId: second.transaction.transactionId,
      accounts: [{ accountId, playerId, currency: 'SC', balance: 25 }],
    });
  });

  it('a replay writes none, and neither does a refused debit', async () => {
    const { accountId, playerId } = await playerAccount();
    await post(credit(accountId, 30));
    const key = randomUUID();
    await post(bet(accountId, 10, key));
    const replay = await post(bet(accountId, 10, key));
    expect(replay.replayed).toBe(true);
    await expect(post(bet(accountId, 21))).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await balanceEvents(playerId)).map((e) => e.accounts[0]?.balance)).toEqual([30, 20]);
  });

  it('a posting moving two players writes two events, each naming only that player', async () => {
    const from = await playerAccount();
    const to = await playerAccount();
    await post(credit(from.accountId, 100));
    const { transaction } = await post({
      idempotencyKey: randomUUID(),
      kind: 'transfer',
      entries: [
        { account: { accountId: from.accountId }, currency: 'SC', amount: -35 },
        { account: { accountId: to.accountId }, currency: 'SC', amount: 35 },
      ],
    });
    const [, fromEvent] = await balanceEvents(from.playerId);
    expect(fromEvent).toEqual({
      transactionId: transaction.transactionId,
      accounts: [
        { accountId: from.accountId, playerId: from.playerId, currency: 'SC', balance: 65 },
      ],
    });
    expect(await balanceEvents(to.playerId)).toEqual([
      {
        transactionId: transaction.transactionId,
        accounts: [{ accountId: to.accountId, playerId: to.playerId, currency: 'SC', balance: 35 }],
      },
    ]);
  });

  it('a house-only posting writes none', async () => {
    const before = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from domain_events where type = 'wallet.balance.updated'`,
    );
    await post({
      idempotencyKey: randomUUID(),
      kind: 'house-transfer',
      entries: [
        { account: { house: 'bankroll' }, currency: 'SC', amount: -5 },
        { account: { house: 'promotions' }, currency: 'SC', amount: 5 },
      ],
    });
    const after = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from domain_events where type = 'wallet.balance.updated'`,
    );
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });
});

describe('ledger invariants', () => {
  it('see a broken ledger (an unbalanced entry written behind the service’s back)', async () => {
    const { accountId } = await playerAccount();
    const rolledBack = new Error('rolled back on purpose');
    let results: InvariantResult[] = [];
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_transactions (idempotency_key, kind, request_hash)
              values (${randomUUID()}, 'forged', 'x')`,
        );
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account_id, currency, amount)
              select id, ${accountId}, 'SC', 7 from ledger_transactions where kind = 'forged'`,
        );
        results = await runLedgerInvariants(tx);
        throw rolledBack;
      })
      .catch((e: unknown) => {
        if (e !== rolledBack) throw e;
      });
    const failing = results.filter((r) => r.violations > 0).map((r) => r.name);
    expect(failing).toEqual([
      'transaction-balanced',
      'transaction-two-entries',
      'balance-equals-entries',
    ]);
  });

  it('see entries naming a transaction or an account that does not exist', async () => {
    const { accountId } = await playerAccount();
    const rolledBack = new Error('rolled back on purpose');
    let results: InvariantResult[] = [];
    await t.database.db
      .transaction(async (tx) => {
        // A balanced pair booked under a transaction id that has no row, and one entry on an
        // account that does not exist: only the reference check can see what is wrong.
        const ghost = randomUUID();
        await tx.execute(
          sql`insert into ledger_entries (transaction_id, account_id, currency, amount)
              values (${ghost}, ${accountId}, 'SC', 3), (${ghost}, ${randomUUID()}, 'SC', -3)`,
        );
        await tx.execute(sql`update ledger_accounts set balance = 3 where id = ${accountId}`);
        results = await runLedgerInvariants(tx);
        throw rolledBack;
      })
      .catch((e: unknown) => {
        if (e !== rolledBack) throw e;
      });
    expect(results.filter((r) => r.violations > 0)).toEqual([
      expect.objectContaining({ name: 'entry-references', violations: 2 }),
      expect.objectContaining({ name: 'currency-sums-to-zero' }),
    ]);
  });

  it('L3: every invariant has 0 violating rows after all of the above (the forgery rolled back)', async () => {
    const results = await runLedgerInvariants(t.database.db);
    expect(results.length).toBeGreaterThanOrEqual(6);
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });
});
