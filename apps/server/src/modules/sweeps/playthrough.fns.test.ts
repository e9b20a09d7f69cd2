import fc from 'fast-check';
import {
  applyWager,
  forfeitAtZero,
  openCreditsInOrder,
  playOwed,
  redeemableOf,
  withChanges,
  type CreditProgress,
} from './playthrough.fns.ts';

const T0 = new Date('2026-03-01T00:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const credit = (id: string, amount: number, wagered = 0, s = 0): CreditProgress => ({
  id,
  amount,
  wagered,
  createdAt: at(s),
  completedAt: null,
});

describe('redeemableOf', () => {
  it('locks what open credits still owe, never more than the balance', () => {
    expect(redeemableOf(100, [credit('a', 100)])).toEqual({ redeemable: 0, locked: 100 });
    expect(redeemableOf(100, [credit('a', 100, 60)])).toEqual({ redeemable: 60, locked: 40 });
    expect(redeemableOf(30, [credit('a', 100)])).toEqual({ redeemable: 0, locked: 30 });
    expect(redeemableOf(500, [credit('a', 100, 100)])).toEqual({ redeemable: 500, locked: 0 });
  });

  it('ignores completed credits', () => {
    expect(redeemableOf(100, [{ ...credit('a', 100), completedAt: T0 }])).toEqual({
      redeemable: 100,
      locked: 0,
    });
  });
});

describe('applyWager', () => {
  it('pays off the oldest credit first and completes it exactly at its amount', () => {
    const credits = [credit('young', 50, 0, 10), credit('old', 100, 0, 0)];
    expect(applyWager(credits, 120, 30, at(20))).toEqual([
      { id: 'old', wagered: 100, completedAt: at(20) },
      { id: 'young', wagered: 20, completedAt: null },
    ]);
  });

  it('forfeits every open credit when the bet leaves the balance at 0', () => {
    const credits = [credit('a', 100, 0, 0), credit('b', 100, 0, 1)];
    expect(applyWager(credits, 10, 0, at(5))).toEqual([
      { id: 'a', wagered: 10, completedAt: at(5) },
      { id: 'b', wagered: 0, completedAt: at(5) },
    ]);
  });

  it('changes nothing for a wager of 0 on a non-empty balance', () => {
    expect(applyWager([credit('a', 100)], 0, 100, T0)).toEqual([]);
  });

  it('refuses a negative or fractional wager', () => {
    expect(() => applyWager([], -1, 0, T0)).toThrow();
    expect(() => applyWager([], 1.5, 0, T0)).toThrow();
  });
});

describe('forfeitAtZero', () => {
  it('closes open credits only when the balance is 0', () => {
    expect(forfeitAtZero([credit('a', 100, 30)], 5, T0)).toEqual([]);
    expect(forfeitAtZero([credit('a', 100, 30)], 0, T0)).toEqual([
      { id: 'a', wagered: 30, completedAt: T0 },
    ]);
  });
});

/** A player's life in SC: credits, bets (lost or won), redemptions, and stray debits. */
type Op =
  | { kind: 'credit'; amount: number }
  | { kind: 'bet'; share: number; payout: number }
  | { kind: 'redeem'; share: number }
  | { kind: 'debit'; share: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), amount: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({
    kind: fc.constant('bet' as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
    payout: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 })),
  }),
  fc.record({
    kind: fc.constant('redeem' as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('debit' as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
);

interface Model {
  balance: number;
  credits: CreditProgress[];
  clock: number;
}

/** Runs one operation the way the services do; returns what the step wagered. */
function step(m: Model, o: Op): { wager: number; owedBefore: number } {
  m.clock += 1;
  const owedBefore = playOwed(m.credits);
  const now = at(m.clock);
  switch (o.kind) {
    case 'credit':
      m.balance += o.amount;
      m.credits.push(credit(`c${m.clock}`, o.amount, 0, m.clock));
      return { wager: 0, owedBefore };
    case 'bet': {
      const wager = Math.floor(m.balance * o.share);
      m.balance -= wager;
      m.credits = withChanges(m.credits, applyWager(m.credits, wager, m.balance, now));
      m.balance += o.payout;
      return { wager, owedBefore };
    }
    case 'redeem': {
      m.balance -= Math.floor(redeemableOf(m.balance, m.credits).redeemable * o.share);
      m.credits = withChanges(m.credits, forfeitAtZero(m.credits, m.balance, now));
      return { wager: 0, owedBefore };
    }
    case 'debit':
      // A movement outside wagers (an adjustment): only the zero-balance rule reacts to it.
      m.balance -= Math.floor(m.balance * o.share);
      m.credits = withChanges(m.credits, forfeitAtZero(m.credits, m.balance, now));
      return { wager: 0, owedBefore };
  }
}

describe('playthrough properties', () => {
  const ops = fc.array(op, { maxLength: 60 });

  it('redeemable + locked = balance, both within [0, balance], after any sequence', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const m: Model = { balance: 0, credits: [], clock: 0 };
        for (const o of list) {
          step(m, o);
          const { redeemable, locked } = redeemableOf(m.balance, m.credits);
          expect(redeemable + locked).toBe(m.balance);
          expect(redeemable).toBeGreaterThanOrEqual(0);
          expect(locked).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('a wager reduces the play owed by min(wager, owed), oldest credits first', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const m: Model = { balance: 0, credits: [], clock: 0 };
        for (const o of list) {
          const { wager, owedBefore } = step(m, o);
          if (o.kind === 'bet' && m.balance - o.payout > 0) {
            expect(playOwed(m.credits)).toBe(owedBefore - Math.min(wager, owedBefore));
          }
          // Oldest first: an open credit with play on it has no open credit older than it.
          const open = openCreditsInOrder(m.credits);
          open.slice(1).forEach((c) => expect(c.wagered).toBe(0));
          m.credits.forEach((c) => expect(c.wagered).toBeLessThanOrEqual(c.amount));
        }
      }),
    );
  });

  it('without stray debits, the play owed never exceeds the balance', () => {
    fc.assert(
      fc.property(
        ops.map((l) => l.filter((o) => o.kind !== 'debit')),
        (list) => {
          const m: Model = { balance: 0, credits: [], clock: 0 };
          for (const o of list) {
            step(m, o);
            expect(playOwed(m.credits)).toBeLessThanOrEqual(m.balance);
          }
        },
      ),
    );
  });

  it('once the balance reaches 0, old credits never lock later winnings', () => {
    fc.assert(
      fc.property(
        ops,
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (list, fresh, win) => {
          const m: Model = { balance: 0, credits: [], clock: 0 };
          for (const o of list) step(m, o);
          step(m, { kind: 'debit', share: 1 });
          expect(m.balance).toBe(0);
          expect(playOwed(m.credits)).toBe(0);
          // A new credit locks itself only; a win on top is redeemable at once.
          step(m, { kind: 'credit', amount: fresh });
          m.balance += win;
          expect(redeemableOf(m.balance, m.credits)).toEqual({ redeemable: win, locked: fresh });
        },
      ),
    );
  });

  it('a completed credit never changes again', () => {
    fc.assert(
      fc.property(ops, ops, (first, second) => {
        const m: Model = { balance: 0, credits: [], clock: 0 };
        for (const o of first) step(m, o);
        const done = new Map(
          m.credits.filter((c) => c.completedAt !== null).map((c) => [c.id, { ...c }]),
        );
        for (const o of second) step(m, o);
        for (const c of m.credits) if (done.has(c.id)) expect(c).toEqual(done.get(c.id));
      }),
    );
  });
});
