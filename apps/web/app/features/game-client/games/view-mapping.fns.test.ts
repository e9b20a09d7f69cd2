import { describe, expect, it } from 'vitest';
import type { MinesView } from '@coinfall/shared/games/originals/mines';
import { plinkoMultipliersE4 } from '@coinfall/shared/games/originals/plinko';
import { dealerCardsOf, totalLabel, type BlackjackViewShape } from './blackjack/blackjack.fns';
import { diceOdds, diceWinRange } from './dice/dice.fns';
import { hiloNews, type HiloViewShape } from './hilo/hilo.fns';
import { kenoCellOf, togglePick } from './keno/keno.fns';
import { isLimboTarget } from './limbo/limbo.fns';
import { mineTileOf } from './mines/mines.fns';
import { ballPoints, pegsOf, pegSpacing, slotCenter } from './plinko/plinko.fns';
import { addChip, roulettePlay, WHEEL_ORDER, wheelRotationFor } from './roulette/roulette.fns';

describe('dice', () => {
  it('shows the engine’s chance and multiplier, and refuses what the engine refuses', () => {
    expect(diceOdds({ target: 50.5, direction: 'over' })).toEqual({
      chance: 49.5,
      multiplierE4: 20_000,
    });
    expect(diceOdds({ target: 1, direction: 'over' })).toBeNull(); // 99 % > 98 %
    expect(diceOdds({ target: 50.555, direction: 'under' })).toBeNull();
  });
  it('marks the winning stretch of the track', () => {
    expect(diceWinRange({ target: 30, direction: 'under' })).toEqual([0, 30]);
    expect(diceWinRange({ target: 30, direction: 'over' })).toEqual([30, 100]);
  });
});

describe('limbo', () => {
  it('accepts targets of 1.01 to 1 000 000 with two decimals', () => {
    expect(isLimboTarget(2)).toBe(true);
    expect(isLimboTarget(1.01)).toBe(true);
    expect(isLimboTarget(1)).toBe(false);
    expect(isLimboTarget(2.345)).toBe(false);
  });
});

describe('plinko board', () => {
  it('has i + 3 pegs on row i', () => {
    expect(pegsOf(8)).toHaveLength(3 + 4 + 5 + 6 + 7 + 8 + 9 + 10);
  });
  it('ends the ball in the slot the view names, one point per row between', () => {
    const path = [1, 0, 1, 1, 0, 1, 1, 1];
    const points = ballPoints(path);
    expect(points).toHaveLength(path.length + 2);
    expect(points.at(-1)).toEqual(slotCenter(8, 6));
  });
  it('moves the ball half a spacing per bounce', () => {
    const [start, , second] = ballPoints([1, 1, 0, 0, 0, 0, 0, 0]);
    expect(second!.x - start!.x).toBeCloseTo(pegSpacing(8) / 2);
  });
  it('has one slot per multiplier', () => {
    expect(plinkoMultipliersE4(12, 'high')).toHaveLength(13);
  });
});

describe('mines tiles', () => {
  const open: MinesView = {
    mineCount: 3,
    revealed: [4, 9],
    multiplierE4: 12_000,
    nextMultiplierE4: 14_000,
    hitMine: null,
    done: false,
    mines: null,
  };
  it('shows open safe tiles and hides the rest while playing', () => {
    expect(mineTileOf(open, 4)).toBe('safe');
    expect(mineTileOf(open, 0)).toBe('hidden');
    expect(mineTileOf(null, 4)).toBe('hidden');
  });
  it('reveals every mine at the end, the one hit apart', () => {
    const lost = { ...open, hitMine: 7, done: true, mines: [7, 1, 20] };
    expect(mineTileOf(lost, 7)).toBe('hit');
    expect(mineTileOf(lost, 1)).toBe('mine');
    expect(mineTileOf(lost, 9)).toBe('safe');
  });
});

describe('keno board', () => {
  const view = {
    picks: [1, 2],
    risk: 'classic' as const,
    drawn: [2, 3],
    hits: [2],
    multiplierE4: 0,
  };
  it('tells hits, drawn-only, picked-only and idle numbers apart', () => {
    expect(kenoCellOf(2, [1, 2], view)).toBe('hit');
    expect(kenoCellOf(3, [1, 2], view)).toBe('drawn');
    expect(kenoCellOf(1, [1, 2], view)).toBe('picked');
    expect(kenoCellOf(4, [1, 2], view)).toBe('idle');
  });
  it('toggles picks up to the maximum', () => {
    expect(togglePick([1, 2], 2, 10)).toEqual([1]);
    expect(togglePick([1, 2], 3, 2)).toEqual([1, 2]);
    expect(togglePick([1], 3, 10)).toEqual([1, 3]);
  });
});

describe('roulette table', () => {
  it('stacks chips on a spot and sends their sum as the bet', () => {
    let chips = addChip({}, { type: 'red' }, 20);
    chips = addChip(chips, { type: 'red' }, 20);
    chips = addChip(chips, { type: 'straight', value: 17 }, 50);
    expect(roulettePlay(chips)).toEqual({
      bets: [
        { type: 'red', amount: 40 },
        { type: 'straight', value: 17, amount: 50 },
      ],
      stake: 90,
    });
  });
  it('turns the wheel forward until the pocket is under the pointer', () => {
    for (const pocket of [0, 17, 26]) {
      const rotation = wheelRotationFor(pocket, 1234);
      expect(rotation).toBeGreaterThan(1234);
      const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
      const under = ((((index * 360) / 37 + rotation) % 360) + 360) % 360;
      expect(Math.min(under, 360 - under)).toBeCloseTo(0, 6);
    }
  });
});

describe('cards', () => {
  const card = { index: 0, rank: 1, suit: 'spades' as const, label: 'A' };
  it('adds the face-down hole card while it is pending', () => {
    const view = {
      dealer: { cards: [card], total: 11, soft: true, holeCardPending: true },
    } as BlackjackViewShape;
    expect(dealerCardsOf(view)).toEqual([card, null]);
    expect(dealerCardsOf({ ...view, dealer: { ...view.dealer, holeCardPending: false } })).toEqual([
      card,
    ]);
  });
  it('writes a soft total both ways', () => {
    expect(totalLabel({ total: 17, soft: true })).toBe('7 / 17');
    expect(totalLabel({ total: 17, soft: false })).toBe('17');
    // Settled, a soft total is the one that counted: never "7 / 17" after the hand.
    expect(totalLabel({ total: 17, soft: true }, true)).toBe('17');
  });
  it('reads a hi-lo step as won, lost or nothing new', () => {
    const base = { status: 'playing', multiplierE4: 10_000 } as HiloViewShape;
    expect(hiloNews({ ...base, draws: [{ ...card, via: 'start' }] })).toBeNull();
    expect(hiloNews({ ...base, draws: [{ ...card, via: 'higher', won: true }] })).toBe('won');
    expect(
      hiloNews({ ...base, status: 'lost', draws: [{ ...card, via: 'lower', won: false }] }),
    ).toBe('lost');
  });
});
