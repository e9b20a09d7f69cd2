import { FreeSpinStatus } from '@coinfall/shared';
import fc from 'fast-check';
import {
  bonusAfterRound,
  freeSpinAfter,
  freeSpinRefusal,
  moneyOf,
  weightOf,
  type FreeSpinRow,
} from './bonus-play.fns.ts';
import { splitStake } from './bonus.fns.ts';

const WEIGHTS = { slot: 100, original: 50, table: 20 };
const at = new Date('2026-11-26T12:00:00Z');

describe('a round with a bonus', () => {
  it('moves exactly the stake and the win, whatever the split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e10 }),
        (stake, cash, bonus, win) => {
          const split = splitStake(stake, cash, bonus);
          if (!split) return cash + bonus < stake;
          const money = moneyOf(split, win);
          return (
            money.stake.cash + money.stake.bonus === stake &&
            money.win.cash + money.win.bonus === win &&
            money.stake.cash <= cash &&
            money.stake.bonus <= bonus
          );
        },
      ),
    );
  });

  it('weighs a stake by the game kind; an unknown kind counts nothing', () => {
    expect(weightOf(WEIGHTS, 'table')).toBe(20);
    expect(weightOf(WEIGHTS, 'sport')).toBe(0);
    const bonus = { wagered: 100, wageringRequired: 1_000, contributions: WEIGHTS };
    expect(
      bonusAfterRound(bonus, { stake: 500, gameKind: 'table', bonusBalanceAfter: 50 }),
    ).toEqual({ wagered: 200, balance: 50, end: null, changed: true });
    expect(
      bonusAfterRound(bonus, { stake: 500, gameKind: 'sport', bonusBalanceAfter: 50 }),
    ).toMatchObject({ wagered: 100, changed: false });
  });

  it('completes when wagering reaches the requirement, else ends at a zero balance', () => {
    const bonus = { wagered: 900, wageringRequired: 1_000, contributions: WEIGHTS };
    expect(
      bonusAfterRound(bonus, { stake: 200, gameKind: 'slot', bonusBalanceAfter: 0 }),
    ).toMatchObject({ wagered: 1_000, end: 'complete' });
    expect(
      bonusAfterRound(bonus, { stake: 20, gameKind: 'slot', bonusBalanceAfter: 0 }),
    ).toMatchObject({ wagered: 920, end: 'depleted' });
  });
});

const spin: FreeSpinRow = {
  id: 1,
  playerId: 'p1',
  bonusId: 2,
  gameId: 3,
  status: FreeSpinStatus.Issued,
  result: null,
  loyalty: null,
  currency: 'SC',
  count: 2,
  used: 0,
  bet: 20,
  won: 0,
  payout: 'cash',
  source: 'test',
  expiresAt: new Date(at.getTime() + 60_000),
  issuedAt: at,
  activatedAt: null,
  finishedAt: null,
};
const session = { playerId: 'p1', gameId: 3, currency: 'SC' };
const slot = { kind: 'slot', engine: 'slot:frosty-fortunes' };

describe('free spins in a round', () => {
  it('are played by their player, on their game and currency, on a slot, while live', () => {
    expect(freeSpinRefusal(spin, session, slot, at)).toBeNull();
    expect(freeSpinRefusal(null, session, slot, at)).toBe('not-found');
    expect(freeSpinRefusal(spin, { ...session, playerId: 'p2' }, slot, at)).toBe('not-found');
    expect(freeSpinRefusal(spin, { ...session, gameId: 4 }, slot, at)).toBe('other-game');
    expect(freeSpinRefusal(spin, { ...session, currency: 'GC' }, slot, at)).toBe('other-game');
    expect(freeSpinRefusal(spin, session, { kind: 'original', engine: 'mines' }, at)).toBe(
      'not-a-slot',
    );
    expect(freeSpinRefusal({ ...spin, used: 2 }, session, slot, at)).toBe('finished');
    expect(freeSpinRefusal(spin, session, slot, spin.expiresAt)).toBe('finished');
    const done = { ...spin, status: FreeSpinStatus.Finished, result: 2 };
    expect(freeSpinRefusal(done, session, slot, at)).toBe('finished');
  });

  it('count a spin when it starts, its win when it settles, and end with the last one settled', () => {
    const first = freeSpinAfter(spin, { started: true, settled: true, payout: 30 }, at);
    expect(first).toMatchObject({
      row: { status: FreeSpinStatus.Active, activatedAt: at, used: 1, won: 30 },
      last: false,
    });
    // The last spin wins the slot's own free games: it ends when that round settles.
    const opened = freeSpinAfter(first.row, { started: true, settled: false, payout: 0 }, at);
    expect(opened).toMatchObject({ row: { used: 2, won: 30 }, last: false });
    const settled = freeSpinAfter(opened.row, { started: false, settled: true, payout: 70 }, at);
    expect(settled).toMatchObject({ row: { used: 2, won: 100 }, last: true });
  });

  it('settles the open round of free spins canceled meanwhile without reviving or paying them', () => {
    const opened = freeSpinAfter(spin, { started: true, settled: false, payout: 0 }, at);
    const canceled = { ...opened.row, status: FreeSpinStatus.Finished, result: 3 };
    const settled = freeSpinAfter(canceled, { started: false, settled: true, payout: 70 }, at);
    expect(settled.row).toMatchObject({ status: FreeSpinStatus.Finished, result: 3 });
    expect(settled.last).toBe(false);
  });
});
