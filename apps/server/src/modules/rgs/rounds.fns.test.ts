import { BetStatus, gameRoundSettledEventSchema } from '@coinfall/shared';
import { columnsOf, settledEventOf } from './rounds.fns.ts';

const ctx = {
  session: { device: 'mobile', country: 'US' },
  player: { nickname: null },
  gameName: 'Dice',
  gameIdentity: 'dice',
};
const at = new Date('2026-01-01T12:00:00Z');
const round = {
  id: '00000000-0000-4000-8000-0000000000aa',
  playerId: '00000000-0000-4000-8000-000000000001',
  currency: 'SC',
  bet: 100,
  payout: 250,
  status: BetStatus.Won,
  settledAt: at,
};

describe('settledEventOf', () => {
  it('announces a settled round in the shape the boards and alerts parse', () => {
    const event = settledEventOf(ctx, round);
    expect(gameRoundSettledEventSchema.parse(event)).toEqual({
      roundId: round.id,
      playerId: round.playerId,
      nickname: 'Player',
      gameId: 'dice',
      gameName: 'Dice',
      currency: 'SC',
      bet: 100,
      payout: 250,
      device: 'mobile',
      country: 'US',
      settledAt: '2026-01-01T12:00:00.000Z',
    });
  });

  it('announces nothing while the round is open', () => {
    expect(settledEventOf(ctx, { ...round, status: BetStatus.Open, settledAt: null })).toBeNull();
  });
});

describe('columnsOf', () => {
  it('keeps an unfinished step open with no payout', () => {
    expect(columnsOf({ done: false, payout: 0, state: { n: 1 }, view: { v: 1 } }, 20, at)).toEqual({
      bet: 20,
      payout: 0,
      status: BetStatus.Open,
      state: { n: 1 },
      view: { v: 1 },
      settledAt: null,
    });
  });

  it('settles a finished step as won or lost by its payout against the stake', () => {
    const won = columnsOf({ done: true, payout: 40, state: null, view: null }, 20, at);
    expect(won).toMatchObject({ payout: 40, status: BetStatus.Won, settledAt: at });
    const lost = columnsOf({ done: true, payout: 0, state: undefined, view: undefined }, 20, at);
    expect(lost).toMatchObject({ payout: 0, status: BetStatus.Lost, state: null, view: null });
    const partial = columnsOf({ done: true, payout: 10, state: null, view: null }, 20, at);
    expect(partial).toMatchObject({ payout: 10, status: BetStatus.Lost });
  });

  it('settles a push (the stake paid back exactly) as even, neither won nor lost', () => {
    const push = columnsOf({ done: true, payout: 20, state: null, view: null }, 20, at);
    expect(push).toMatchObject({ payout: 20, status: BetStatus.Even, settledAt: at });
  });

  it('settles a free round (no stake) as won when it pays, lost when it does not', () => {
    const paid = columnsOf({ done: true, payout: 5, state: null, view: null }, 0, at);
    expect(paid).toMatchObject({ status: BetStatus.Won });
    const unpaid = columnsOf({ done: true, payout: 0, state: null, view: null }, 0, at);
    expect(unpaid).toMatchObject({ status: BetStatus.Lost });
  });
});
