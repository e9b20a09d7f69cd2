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

  it('settles a finished step as won or lost by its payout', () => {
    const won = columnsOf({ done: true, payout: 40, state: null, view: null }, 20, at);
    expect(won).toMatchObject({ payout: 40, status: BetStatus.Won, settledAt: at });
    const lost = columnsOf({ done: true, payout: 0, state: undefined, view: undefined }, 20, at);
    expect(lost).toMatchObject({ payout: 0, status: BetStatus.Lost, state: null, view: null });
  });
});
