import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { HousePurpose } from '../../src/db/schema/ledger.ts';
import { createLedgerRepo } from '../../src/modules/ledger/ledger.repo.ts';
import {
  createLedgerService,
  type PostingResult,
} from '../../src/modules/ledger/ledger.service.ts';
import type { AccountRef, PostingInput } from '../../src/modules/ledger/ledger.fns.ts';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { AppError } from '../../src/platform/errors.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { ACCOUNT_BALANCE } from '../../src/modules/ledger/ledger.repo.ts';

/*
 * L2, the bank test (design/fairness-and-ledger.md §3): many clients book a seeded mix of
 * transfers, house credits and debits that may be refused, each retried 1–3 times with the same
 * key (some retries racing the first attempt), then the books must balance to the coin. With
 * DATABASE_URL the postings race on a pool of connections; on PGlite they are serialised.
 */
const CLIENTS = 16;
const OPERATIONS = 300;
const PLAYERS = 6;
const CURRENCIES = ['GC', 'SC'] as const;
type Currency = (typeof CURRENCIES)[number];

/** mulberry32: the same operation mix on every run, so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let t: TestApp;
let ledger: ReturnType<typeof createLedgerService>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  ledger = createLedgerService({ repo: createLedgerRepo(t.database.db) });
});
afterAll(() => t.close());

async function rowsOf<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** PLAYERS players with an account in each currency: account ids by currency. */
async function openAccounts(): Promise<Record<Currency, string[]>> {
  const run = randomUUID();
  await t.database.db.execute(sql`
    insert into players (email, password_hash)
    select 'bank-' || ${run} || '-' || i || '@example.com', 'not-a-hash'
    from generate_series(1, ${PLAYERS}) i`);
  const rows = await rowsOf<{ id: string; currency: Currency }>(sql`
    insert into ledger_accounts (owner_kind, player_id, currency)
    select 'player', p.id, c.code from players p cross join (values ('GC'), ('SC')) c(code)
    where p.email like ${`bank-${run}-%`}
    returning id, currency`);
  return {
    GC: rows.filter((r) => r.currency === 'GC').map((r) => r.id),
    SC: rows.filter((r) => r.currency === 'SC').map((r) => r.id),
  };
}

interface Operation {
  input: PostingInput;
  attempts: number;
  /** All attempts at once (the retries race the first), else one after another. */
  concurrent: boolean;
}

function operationMix(accounts: Record<Currency, string[]>): Operation[] {
  const random = seededRandom(20_261_121);
  const below = (n: number) => Math.floor(random() * n);
  const house = (purpose: HousePurpose) => ({ house: purpose });
  return Array.from({ length: OPERATIONS }, (_, i) => {
    const currency = CURRENCIES[below(CURRENCIES.length)]!;
    const ids = accounts[currency];
    const from = below(ids.length);
    const to = (from + 1 + below(ids.length - 1)) % ids.length;
    const roll = random();
    const [kind, debit, credit, amount] =
      roll < 0.35
        ? ([
            'transfer',
            { accountId: ids[from]! },
            { accountId: ids[to]! },
            1 + below(300),
          ] as const)
        : roll < 0.65
          ? (['promotion', house('promotions'), { accountId: ids[to]! }, 1 + below(200)] as const)
          : (['bet', { accountId: ids[from]! }, house('bankroll'), 1 + below(400)] as const);
    return {
      input: {
        idempotencyKey: `bank-${i}-${randomUUID()}`,
        kind,
        entries: [
          { account: debit, currency, amount: -amount },
          { account: credit, currency, amount },
        ],
      },
      attempts: 1 + below(3),
      concurrent: random() < 0.5,
    };
  });
}

const post = (input: PostingInput): Promise<PostingResult> =>
  t.database.db.transaction((tx) => ledger.post(tx, input));

async function attempt(operation: Operation): Promise<PromiseSettledResult<PostingResult>[]> {
  const tries = Array.from({ length: operation.attempts }, () => () => post(operation.input));
  if (operation.concurrent) return Promise.allSettled(tries.map((run) => run()));
  const settled: PromiseSettledResult<PostingResult>[] = [];
  for (const run of tries) {
    settled.push(...(await Promise.allSettled([run()])));
  }
  return settled;
}

describe('L2: the bank test', () => {
  it('keeps every total, applies each acknowledged operation once and loses no update', async () => {
    const accounts = await openAccounts();
    const operations = operationMix(accounts);
    const outcomes = new Map<Operation, PromiseSettledResult<PostingResult>[]>();
    const queue = [...operations];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let op = queue.shift(); op; op = queue.shift()) outcomes.set(op, await attempt(op));
      }),
    );

    const bookedByKey = new Map(
      (
        await rowsOf<{ key: string; transactions: number; entries: number }>(sql`
          select t.idempotency_key as key, count(distinct t.id)::int as transactions,
                 count(e.id)::int as entries
          from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
          group by t.idempotency_key`)
      ).map((r) => [r.key, r]),
    );
    const houses = await rowsOf<{ id: string; purpose: string; currency: string }>(
      sql`select id, purpose, currency from ledger_accounts where owner_kind = 'house'`,
    );
    /** The account an entry names, house references resolved apart from the service. */
    const accountIdOf = (account: AccountRef, currency: string): string => {
      if ('accountId' in account) return account.accountId;
      const house = houses.find((h) => h.purpose === account.house && h.currency === currency);
      expect(house, `${account.house} ${currency}`).toBeDefined();
      return house!.id;
    };
    const expected = new Map<string, number>();
    let acknowledged = 0;
    let refused = 0;
    for (const op of operations) {
      const settled = outcomes.get(op)!;
      const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const reasons = settled.flatMap((s): unknown[] =>
        s.status === 'rejected' ? [s.reason] : [],
      );
      const key = op.input.idempotencyKey;
      // A refusal is only ever a debit short of funds, never a lock or driver error.
      for (const reason of reasons) {
        expect(reason instanceof AppError ? reason.code : reason, key).toBe('INSUFFICIENT_FUNDS');
      }
      if (results.length === 0) {
        refused += 1;
        expect(bookedByKey.get(key), key).toBeUndefined();
        continue;
      }
      acknowledged += 1;
      // Applied exactly once: one first booking, every other reply its replay, byte for byte.
      expect(
        results.filter((r) => !r.replayed),
        key,
      ).toHaveLength(1);
      for (const r of results) expect(r.transaction, key).toEqual(results[0]!.transaction);
      expect(bookedByKey.get(key), key).toMatchObject({ transactions: 1, entries: 2 });
      for (const entry of op.input.entries) {
        const id = accountIdOf(entry.account, entry.currency);
        expected.set(id, (expected.get(id) ?? 0) + entry.amount);
      }
    }
    // The mix must exercise both paths, or the checks above prove little.
    expect(acknowledged).toBeGreaterThan(OPERATIONS / 2);
    expect(refused).toBeGreaterThan(0);
    expect(bookedByKey.size).toBe(acknowledged);

    const balances = await rowsOf<{
      id: string;
      currency: string;
      owner_kind: string;
      balance: string | number;
    }>(sql`select a.id, a.currency, a.owner_kind, ${ACCOUNT_BALANCE} as balance
      from ledger_accounts a`);
    // No lost update: every balance is exactly what the acknowledged operations put there.
    for (const account of balances) {
      expect(Number(account.balance), account.id).toBe(expected.get(account.id) ?? 0);
      if (account.owner_kind === 'player')
        expect(Number(account.balance)).toBeGreaterThanOrEqual(0);
    }
    for (const currency of CURRENCIES) {
      const total = balances
        .filter((a) => a.currency === currency)
        .reduce((sum, a) => sum + Number(a.balance), 0);
      expect(total, currency).toBe(0);
    }
    expect((await runLedgerInvariants(t.database.db)).filter((r) => r.violations > 0)).toEqual([]);
    // A few seconds on PGlite on a 2-core machine; the margin is for a loaded one.
  }, 60_000);
});
