import {
  BetStatus,
  type DeviceType,
  type GameRoundSettledEvent,
  type Step,
} from '@coinfall/shared';
import { settledStatus } from './rgs.fns.ts';
import type { RoundRow } from './rounds.repo.ts';

/** What a step's event names besides the round: the player, the game and the session's device. */
export interface SettledEventContext {
  session: { device: string; country: string | null };
  player: { nickname: string | null };
  gameName: string;
  gameIdentity: string;
}

/** The round columns an event is built from. */
interface SettledRound {
  id: string;
  playerId: string;
  currency: string;
  bet: number;
  payout: number;
  status: number;
  settledAt: Date | null;
}

/** The game.round.settled event of a settled round; null while it is open. */
export function settledEventOf(
  ctx: SettledEventContext,
  row: SettledRound,
): GameRoundSettledEvent | null {
  if (row.status === BetStatus.Open || !row.settledAt) return null;
  return {
    roundId: row.id,
    playerId: row.playerId,
    nickname: ctx.player.nickname ?? 'Player',
    gameId: ctx.gameIdentity,
    gameName: ctx.gameName,
    currency: row.currency,
    bet: row.bet,
    payout: row.payout,
    // Sessions are opened with a device of the shared list (play body schema).
    device: ctx.session.device as DeviceType,
    country: ctx.session.country,
    settledAt: row.settledAt.toISOString(),
  };
}

/** A step's outcome as round columns: open until the engine says done, then won, even or lost. */
export function columnsOf(step: Step<unknown>, bet: number, at: Date) {
  return {
    bet,
    payout: step.done ? step.payout : 0,
    status: step.done ? settledStatus(bet, step.payout) : BetStatus.Open,
    state: step.state ?? null,
    view: step.view ?? null,
    settledAt: step.done ? at : null,
  };
}

/** A new round's row after its first step. */
export function startedRoundRow(start: {
  id: string;
  session: { id: string; playerId: string; gameId: number; currency: string };
  seedId: string;
  nonce: number;
  params: unknown;
  /** Floats the step used (the round's cursor). */
  cursor: number;
  step: Step<unknown>;
  stake: number;
  at: Date;
  freeSpinId: number | null;
  bonusId: number | null;
  bonusBet: number;
}): RoundRow {
  const { session, step, stake, at } = start;
  return {
    id: start.id,
    playerId: session.playerId,
    gameId: session.gameId,
    sessionId: session.id,
    seedId: start.seedId,
    nonce: start.nonce,
    currency: session.currency,
    params: start.params,
    actions: [],
    cursor: start.cursor,
    createdAt: at,
    ...columnsOf(step, stake, at),
    freeSpinId: start.freeSpinId,
    bonusId: start.bonusId,
    bonusBet: start.bonusBet,
  };
}
