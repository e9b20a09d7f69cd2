import fc from 'fast-check';
import {
  inLockOrder,
  requestHash,
  validatePosting,
  type PostingEntry,
  type PostingInput,
} from './ledger.fns.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const posting = (entries: PostingEntry[], extra: Partial<PostingInput> = {}): PostingInput => ({
  idempotencyKey: 'key-1',
  kind: 'bet',
  entries,
  ...extra,
});
const fields = (input: PostingInput) => validatePosting(input).map((i) => i.field);

/** A balanced posting: n player accounts debited or credited against one house account. */
const balancedPosting = fc
  .array(
    fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }).filter((n) => n !== 0),
    { minLength: 1, maxLength: 8 },
  )
  .chain((amounts) =>
    fc
      .uniqueArray(fc.uuid(), { minLength: amounts.length, maxLength: amounts.length })
      .map((ids): PostingInput => {
        const total = amounts.reduce((s, n) => s + n, 0);
        const entries: PostingEntry[] = amounts.map((amount, i) => ({
          account: { accountId: ids[i] ?? A },
          currency: 'SC',
          amount,
        }));
        // The house takes the other side; a zero total needs a pair of its own.
        if (total !== 0)
          entries.push({ account: { house: 'bankroll' }, currency: 'SC', amount: -total });
        else
          entries.push(
            { account: { house: 'bankroll' }, currency: 'SC', amount: 1 },
            { account: { house: 'promotions' }, currency: 'SC', amount: -1 },
          );
        return posting(entries);
      }),
  );

describe('validatePosting', () => {
  it('accepts a debit against the house', () => {
    expect(
      validatePosting(
        posting([
          { account: { accountId: A }, currency: 'SC', amount: -10 },
          { account: { house: 'bankroll' }, currency: 'SC', amount: 10 },
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses a single entry', () => {
    expect(fields(posting([{ account: { accountId: A }, currency: 'SC', amount: 0 }]))).toEqual(
      expect.arrayContaining(['entries', 'entries[0].amount']),
    );
  });

  it('refuses fractions, zero and unsafe integers', () => {
    for (const amount of [1.5, 0, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      expect(
        fields(
          posting([
            { account: { accountId: A }, currency: 'SC', amount },
            { account: { accountId: B }, currency: 'SC', amount: -amount },
          ]),
        ),
      ).toContain('entries[0].amount');
    }
  });

  it('refuses an account named twice, and a house account twice in one currency', () => {
    expect(
      fields(
        posting([
          { account: { accountId: A }, currency: 'SC', amount: 5 },
          { account: { accountId: A }, currency: 'SC', amount: -5 },
        ]),
      ),
    ).toEqual(['entries[1].account']);
    expect(
      fields(
        posting([
          { account: { house: 'bankroll' }, currency: 'SC', amount: 5 },
          { account: { house: 'bankroll' }, currency: 'SC', amount: -5 },
        ]),
      ),
    ).toEqual(['entries[1].account']);
  });

  it('refuses a posting that does not sum to zero in each currency', () => {
    const issues = validatePosting(
      posting([
        { account: { accountId: A }, currency: 'SC', amount: 5 },
        { account: { accountId: B }, currency: 'GC', amount: -5 },
      ]),
    );
    expect(issues.map((i) => i.message)).toEqual([
      'The SC entries sum to 5, not 0',
      'The GC entries sum to -5, not 0',
    ]);
  });

  it('refuses a bad key, kind, currency or house purpose', () => {
    const input = posting(
      [
        { account: { accountId: A }, currency: 'sc', amount: 5 },
        { account: { house: 'casino' as never }, currency: 'sc', amount: -5 },
      ],
      { idempotencyKey: '', kind: 'Bet!' },
    );
    expect(fields(input)).toEqual([
      'idempotencyKey',
      'kind',
      'entries[0].currency',
      'entries[1].currency',
      'entries[1].account',
    ]);
  });

  it('accepts every balanced posting (property)', () => {
    fc.assert(fc.property(balancedPosting, (input) => validatePosting(input).length === 0));
  });

  it('refuses every balanced posting with one amount changed (property)', () => {
    fc.assert(
      fc.property(
        balancedPosting,
        fc.nat(),
        fc.integer({ min: -1000, max: 1000 }).filter((n) => n !== 0),
        (input, pick, delta) => {
          const i = pick % input.entries.length;
          const entries = input.entries.map((e, j) =>
            j === i ? { ...e, amount: e.amount + delta } : e,
          );
          return fields({ ...input, entries }).includes('entries');
        },
      ),
    );
  });
});

describe('requestHash', () => {
  it('ignores key order inside objects but not the amounts (property)', () => {
    fc.assert(
      fc.property(balancedPosting, fc.dictionary(fc.string(), fc.integer()), (input, metadata) => {
        const reordered = Object.fromEntries(Object.entries(metadata).reverse());
        const same =
          requestHash({ ...input, metadata }) === requestHash({ ...input, metadata: reordered });
        const [first, ...rest] = input.entries;
        const changed = first
          ? requestHash({
              ...input,
              metadata,
              entries: [{ ...first, amount: first.amount + 1 }, ...rest],
            })
          : '';
        return same && changed !== requestHash({ ...input, metadata });
      }),
    );
  });
});

describe('inLockOrder', () => {
  it('orders by account id whatever the input order (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { maxLength: 10 }), (ids) => {
        const sorted = inLockOrder(ids.map((accountId) => ({ accountId }))).map((e) => e.accountId);
        const reversed = inLockOrder([...ids].reverse().map((accountId) => ({ accountId }))).map(
          (e) => e.accountId,
        );
        return sorted.join() === reversed.join() && sorted.join() === [...ids].sort().join();
      }),
    );
  });
});
