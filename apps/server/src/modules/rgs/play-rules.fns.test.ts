import fc from 'fast-check';
import { BET_LEVELS, BetStatus, PlayerStatus } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';
import {
  assertBetLevel,
  assertCovers,
  assertLive,
  assertMayPlay,
  assertNoOpenRound,
  assertRoundOpen,
} from './play-rules.fns.ts';

const player = {
  id: '00000000-0000-4000-8000-000000000001',
  status: PlayerStatus.Active,
  removedAt: null as Date | null,
  excludedUntil: null as Date | null,
  nickname: 'ace',
  country: 'US',
};

/** The AppError code a check throws; null when it passes. */
function codeOf(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('assertMayPlay', () => {
  it('lets an active or limited player play', () => {
    expect(assertMayPlay(player)).toBe(player);
    expect(codeOf(() => assertMayPlay({ ...player, status: PlayerStatus.Limited }))).toBeNull();
  });

  it('refuses an unknown, removed or blocked player, removal first', () => {
    expect(codeOf(() => assertMayPlay(undefined))).toBe('UNAUTHENTICATED');
    expect(codeOf(() => assertMayPlay({ ...player, status: PlayerStatus.Blocked }))).toBe(
      'ACCOUNT_BLOCKED',
    );
    expect(
      codeOf(() =>
        assertMayPlay({ ...player, status: PlayerStatus.Blocked, removedAt: new Date(0) }),
      ),
    ).toBe('ACCOUNT_REMOVED');
  });

  it('refuses a player on a break until it ends', () => {
    const until = new Date('2026-01-02T00:00:00Z');
    const onBreak = { ...player, excludedUntil: until };
    expect(codeOf(() => assertMayPlay(onBreak, until.getTime() - 1))).toBe('PLAYER_EXCLUDED');
    expect(codeOf(() => assertMayPlay(onBreak, until.getTime()))).toBeNull();
  });
});

describe('assertLive', () => {
  it('accepts a session until the instant it expires, then refuses it', () => {
    const expiresAt = new Date('2026-01-01T12:00:00Z');
    expect(codeOf(() => assertLive({ expiresAt }, new Date(expiresAt.getTime() - 1)))).toBeNull();
    expect(codeOf(() => assertLive({ expiresAt }, expiresAt))).toBe('GAME_SESSION_EXPIRED');
  });
});

describe('assertBetLevel', () => {
  it('accepts exactly the bet levels of the currency, naming them when it refuses', () => {
    for (const bet of BET_LEVELS.SC) expect(codeOf(() => assertBetLevel('SC', bet))).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (bet) => {
        const allowed = BET_LEVELS.GC.includes(bet);
        expect(codeOf(() => assertBetLevel('GC', bet))).toBe(allowed ? null : 'BET_NOT_ALLOWED');
      }),
    );
    expect(() => assertBetLevel('SC', 30)).toThrow(
      expect.objectContaining({
        details: { fields: [{ field: 'body.bet', message: `One of ${BET_LEVELS.SC.join(', ')}` }] },
      }),
    );
  });
});

describe('assertNoOpenRound', () => {
  it('refuses a start while a round of the game is open, naming it', () => {
    expect(codeOf(() => assertNoOpenRound(null))).toBeNull();
    expect(() => assertNoOpenRound('r-1')).toThrow(
      expect.objectContaining({ code: 'ROUND_OPEN', details: { roundId: 'r-1' } }),
    );
  });
});

describe('assertCovers', () => {
  const account = { accountId: 'a-1', currency: 'SC' };

  it('accepts a stake up to the balance and refuses one above it', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (balance, stake) => {
        expect(codeOf(() => assertCovers(balance, stake, account))).toBe(
          stake <= balance ? null : 'INSUFFICIENT_FUNDS',
        );
      }),
    );
  });

  it('treats a missing account as a bug, not a refusal', () => {
    expect(() => assertCovers(null, 0, account)).toThrow('ledger account a-1 vanished');
  });
});

describe('assertRoundOpen', () => {
  it('lets only an open round be acted on or rolled back', () => {
    expect(codeOf(() => assertRoundOpen({ id: 'r', status: BetStatus.Open }))).toBeNull();
    for (const status of [BetStatus.Won, BetStatus.Lost, BetStatus.Refunded]) {
      expect(codeOf(() => assertRoundOpen({ id: 'r', status }))).toBe('ROUND_CLOSED');
    }
  });
});
