import fc from 'fast-check';
import {
  edgeBasisPoints,
  purchaseMillipoints,
  rakebackCredit,
  rakebackMicro,
  rungAt,
  rungsReached,
  wagerMillipoints,
  wholePoints,
  type Rung,
} from './loyalty.fns.ts';

const ladder: Rung[] = [
  { sublevelId: 1, points: 0 },
  { sublevelId: 2, points: 100 },
  { sublevelId: 3, points: 250 },
  { sublevelId: 4, points: 500 },
  { sublevelId: 5, points: 1_000 },
];

describe('wagerMillipoints', () => {
  it('weighs a Sweeps Coin on slots 1 point, on originals ½, on tables ¼', () => {
    expect(wagerMillipoints(100, 'SC', 'slot')).toBe(1_000);
    expect(wagerMillipoints(100, 'SC', 'original')).toBe(500);
    expect(wagerMillipoints(100, 'SC', 'table')).toBe(250);
  });

  it('weighs Gold Coins a thousand times less than Sweeps Coins', () => {
    expect(wagerMillipoints(100_000, 'GC', 'slot')).toBe(wagerMillipoints(100, 'SC', 'slot'));
    expect(wagerMillipoints(100, 'GC', 'slot')).toBe(1);
  });

  it('gives nothing for an unknown currency or game kind, and refuses a negative stake', () => {
    expect(wagerMillipoints(10_000, 'USD', 'slot')).toBe(0);
    expect(wagerMillipoints(10_000, 'SC', 'sport')).toBe(0);
    expect(() => wagerMillipoints(-1, 'SC', 'slot')).toThrow(RangeError);
  });

  it('never gives more than the exact share, nor a thousandth less', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.constantFrom('SC', 'GC'), (stake, currency) => {
        const perPoint = currency === 'SC' ? 1 : 1_000;
        const exact = (stake * 1_000) / (100 * perPoint);
        const got = wagerMillipoints(stake, currency, 'slot');
        expect(got).toBeLessThanOrEqual(exact);
        expect(got).toBeGreaterThan(exact - 1);
      }),
    );
  });

  it('adds up the same whatever order the rounds arrive in', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1e7), { maxLength: 30 }), (stakes) => {
        const sum = (xs: number[]) =>
          xs.reduce((a, s) => a + wagerMillipoints(s, 'SC', 'original'), 0);
        expect(sum([...stakes].reverse())).toBe(sum(stakes));
      }),
    );
  });
});

describe('purchaseMillipoints', () => {
  it('gives 10 points per USD paid and nothing in another currency', () => {
    expect(purchaseMillipoints(999, 'USD')).toBe(99_900);
    expect(wholePoints(purchaseMillipoints(999, 'USD'))).toBe(99);
    expect(purchaseMillipoints(999, 'EUR')).toBe(0);
  });
});

describe('rungAt', () => {
  it('finds the highest sublevel whose threshold is reached', () => {
    expect(rungAt(ladder, 0)).toBe(0);
    expect(rungAt(ladder, 99)).toBe(0);
    expect(rungAt(ladder, 100)).toBe(1);
    expect(rungAt(ladder, 999_999)).toBe(4);
    expect(rungAt([{ sublevelId: 9, points: 10 }], 5)).toBe(-1);
  });
});

describe('rungsReached', () => {
  it('lists every sublevel crossed at once, lowest first', () => {
    expect(rungsReached(ladder, 1, 600).map((r) => r.sublevelId)).toEqual([2, 3, 4]);
  });

  it('reaches nothing on a new account’s starting sublevel, nor while the standing holds', () => {
    expect(rungsReached(ladder, null, 0)).toEqual([]);
    expect(rungsReached(ladder, null, 100).map((r) => r.sublevelId)).toEqual([2]);
    expect(rungsReached(ladder, 2, 249)).toEqual([]);
  });

  it('reaches nothing below the sublevel held (points never take a reward back)', () => {
    expect(rungsReached(ladder, 4, 120)).toEqual([]);
  });

  it('rewards each sublevel exactly once along any path of growing points', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(400), { minLength: 1, maxLength: 20 }), (gains) => {
        let held: number | null = null;
        let points = 0;
        const rewarded: number[] = [];
        for (const gain of gains) {
          points += gain;
          const reached = rungsReached(ladder, held, points);
          rewarded.push(...reached.map((r) => r.sublevelId));
          held = reached.at(-1)?.sublevelId ?? held;
        }
        // Whatever the steps, the rewards are those of a single jump to the final points.
        const once = rungsReached(ladder, null, points).map((r) => r.sublevelId);
        expect(rewarded).toEqual(once);
      }),
    );
  });
});

describe('rakeback', () => {
  it('reads the house edge from the catalogue RTP', () => {
    expect(edgeBasisPoints('98.990')).toBe(101);
    expect(edgeBasisPoints('95.937')).toBe(406);
    expect(edgeBasisPoints('100.000')).toBe(0);
    expect(edgeBasisPoints('not a number')).toBe(0);
  });

  it('accrues stake × edge × share exactly, crediting whole minor units and keeping the rest', () => {
    // 100 SC at 1.01 % edge, 10 % share: 0.101 SC = 10.1 minor units.
    const micro = rakebackMicro(10_000, 101, 10);
    expect(micro).toBe(10_100_000);
    expect(rakebackCredit(micro)).toEqual({ amount: 10, remainderMicro: 100_000 });
  });

  it('loses nothing between accrual and credit', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1e6), { maxLength: 20 }), fc.nat(500), (stakes, bps) => {
        const total = stakes.reduce((a, s) => a + rakebackMicro(s, bps, 5), 0);
        const { amount, remainderMicro } = rakebackCredit(total);
        expect(amount * 1_000_000 + remainderMicro).toBe(total);
        expect(remainderMicro).toBeLessThan(1_000_000);
      }),
    );
  });
});
