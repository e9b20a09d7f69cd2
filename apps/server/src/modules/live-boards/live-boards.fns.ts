import {
  DEFAULT_WINNERS_COUNTRY,
  WINNER_MIN_MULTIPLIER,
  type ActivityBet,
  type DeviceType,
  type GameRoundSettledEvent,
  type Winner,
} from '@coinfall/shared';

/** A settled round as the boards keep it (live_rounds); playerId stays server-side. */
export interface LiveRound {
  eventId: number;
  roundId: string;
  playerId: string;
  nickname: string;
  gameId: string;
  gameName: string;
  currency: string;
  bet: number;
  payout: number;
  device: DeviceType;
  country: string;
  isWinner: boolean;
  settledAt: Date;
}

/** A winner pays at least WINNER_MIN_MULTIPLIER × a real bet (a free round is never one). */
export function isWinningRound(bet: number, payout: number): boolean {
  return bet > 0 && payout >= WINNER_MIN_MULTIPLIER * bet;
}

/**
 * The activity board shows wins: rounds paying more than their stake. A push or a line paying the
 * bet back is not one (live-boards.repo latestWins filters the same way).
 */
export function isActivityWin(bet: number, payout: number): boolean {
  return payout > bet;
}

/** payout ÷ bet to 2 decimals, as boards show and rank it; 0 for a zero bet. */
export function multiplierOf(bet: number, payout: number): number {
  return bet > 0 ? Math.round((payout / bet) * 100) / 100 : 0;
}

export function liveRoundOf(eventId: number, round: GameRoundSettledEvent): LiveRound {
  return {
    eventId,
    roundId: round.roundId,
    playerId: round.playerId,
    nickname: round.nickname,
    gameId: round.gameId,
    gameName: round.gameName,
    currency: round.currency,
    bet: round.bet,
    payout: round.payout,
    device: round.device,
    country: round.country ?? DEFAULT_WINNERS_COUNTRY,
    isWinner: isWinningRound(round.bet, round.payout),
    settledAt: new Date(round.settledAt),
  };
}

/** The public view of a round: nicknames are public, player ids never are. */
export function activityBetOf(round: Omit<LiveRound, 'playerId' | 'eventId'>): ActivityBet {
  return {
    roundId: round.roundId,
    gameId: round.gameId,
    gameName: round.gameName,
    nickname: round.nickname,
    currency: round.currency,
    payout: round.payout,
    settledAt: round.settledAt.toISOString(),
  };
}

export function winnerOf(round: Omit<LiveRound, 'playerId' | 'eventId'>): Winner {
  return {
    ...activityBetOf(round),
    bet: round.bet,
    multiplier: multiplierOf(round.bet, round.payout),
  };
}

/** One timer per board: the key of a winners board. */
export function boardKey(device: DeviceType, country: string): string {
  return `${device}-${country}`;
}
