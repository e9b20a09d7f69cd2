import { z } from 'zod';
import {
  DEVICE_TYPES,
  gameRoundSettledEventSchema,
  type DeviceType,
  type DomainEventType,
} from './events.ts';

/**
 * The realtime gateway (design/realtime-protocol.md): a Centrifuge-protocol server, JSON
 * flavour, that the official `centrifuge` client uses unchanged. Paths are under /api like every
 * other call (spec §7 "Real-time").
 */
export const REALTIME_PATHS = {
  websocket: '/api/connection/websocket',
  httpStream: '/api/connection/http_stream',
  sse: '/api/connection/sse',
  emulation: '/api/emulation',
} as const;

/**
 * An RPC refused by the application (decision 071), not by the protocol: its error `code` is the
 * HTTP status the API would answer (Centrifugo leaves codes from 400 to applications) and its
 * `message` the API's error body as JSON (`errorBodySchema`). Codes below 400 are the protocol's
 * (100 internal, 103 permission denied, 108 not available, …): the call may be made over HTTP.
 */
export const RPC_APP_ERROR_MIN_CODE = 400;

/**
 * Protocol errors by which the gateway turns an RPC away before any handler runs: nothing was
 * written, so a client may make the same call over HTTP (design/realtime-protocol.md §1.7).
 */
export const RPC_TURNED_AWAY = {
  permissionDenied: 103,
  methodNotFound: 104,
  notAvailable: 108,
  tokenExpired: 109,
} as const;

/**
 * Namespaces of the per-player channels: `<namespace>#<playerId>` may only be subscribed by that
 * player (the protocol's user boundary). Centrifuge's namespace is the part before the first ':'
 * (`wallet`, `payment`, …); the whole prefix is what names the channel here.
 */
export const PLAYER_CHANNELS = {
  purchases: 'shop:purchases',
  quests: 'retention:quests',
  loyalty: 'retention:accounts',
  wallet: 'wallet:accounts',
  invoices: 'payment:invoices',
  bonusCodes: 'bonus:player-bonus-codes',
  bonuses: 'bonus:player-bonuses',
  freespins: 'bonus:player-freespins',
  kyc: 'kyc:player',
} as const;
export type PlayerChannelKind = keyof typeof PLAYER_CHANNELS;

export function playerChannel(kind: PlayerChannelKind, playerId: string): string {
  return `${PLAYER_CHANNELS[kind]}#${playerId}`;
}

/** Public: every settled round worth showing (spec §7 activity-board.updated). */
export const ACTIVITY_BOARD_CHANNEL = 'activity-board';

/** Country of the winners board when the visitor's is unknown (spec §7: default US). */
export const DEFAULT_WINNERS_COUNTRY = 'US';

/** Public: the winners board of a device type and country, e.g. `winners:desktop-US`. */
export function winnersChannel(device: DeviceType, country: string): string {
  return `winners:${device}-${country}`;
}

/** Board sizes and the debounce of winners updates (spec §9). */
export const WINNERS_LATEST_SIZE = 12;
export const WINNERS_TOP_SIZE = 3;
export const WINNERS_DEBOUNCE_MS = 3000;
export const ACTIVITY_BOARD_SIZE = 20;
/** A settled round is a "winner" when it pays at least this multiple of its bet. */
export const WINNER_MIN_MULTIPLIER = 5;
/** The top winners are the biggest payouts of this window. */
export const WINNERS_TOP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One row of the activity board (spec §3 "Activity bet": payout, currency, gameName, nickname). */
export const activityBetSchema = z.object({
  roundId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  nickname: z.string(),
  currency: z.string(),
  payout: z.number().int().describe('Minor units of currency'),
  settledAt: z.iso.datetime(),
});
export type ActivityBet = z.infer<typeof activityBetSchema>;

/** One winner (spec §3 "Winner": gameId), with what a board shows of the win. */
export const winnerSchema = activityBetSchema.extend({
  bet: z.number().int(),
  multiplier: z.number().describe('payout ÷ bet, 2 decimals'),
});
export type Winner = z.infer<typeof winnerSchema>;

export const winnersBoardSchema = z.object({
  device: z.enum(DEVICE_TYPES),
  country: z.string().length(2),
  latest: z.array(winnerSchema).max(WINNERS_LATEST_SIZE),
  top: z.array(winnerSchema).max(WINNERS_TOP_SIZE),
});
export type WinnersBoard = z.infer<typeof winnersBoardSchema>;

export const winnersQuerySchema = z.object({
  device: z.enum(DEVICE_TYPES).default('desktop'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Two upper-case letters')
    .default(DEFAULT_WINNERS_COUNTRY),
});
export type WinnersQuery = z.infer<typeof winnersQuerySchema>;

export const activityBoardSchema = z.object({ data: z.array(activityBetSchema) });
export type ActivityBoard = z.infer<typeof activityBoardSchema>;

/**
 * The data of every publication the gateway sends: what happened (`event`), the outbox id it
 * came from (a client that sees an id and part twice may ignore it: delivery is at least once),
 * and the event's payload. Winners boards publish the whole board, debounced, as
 * `winners.updated`; a `quest.tasks.updated` event is published as one `quest.task.updated` per
 * task, its parts (decision 073).
 */
export type RealtimeEvent = DomainEventType | 'winners.updated' | 'quest.task.updated';
export interface RealtimeMessage<T = unknown> {
  event: RealtimeEvent;
  /** domain_events.id; absent on winners boards (they are not one event). */
  id?: number;
  /** Which of one event's publications on this channel it is, from 0; absent when it is the only one. */
  part?: number;
  data: T;
}

/**
 * Our disconnect codes (protocol: 4000–4499 reconnect, 4500–4999 terminal). A session that ended
 * (logout, closed from another device, password change, removal) or a blocked player stays
 * disconnected until the site connects again with a new session.
 */
export const REALTIME_DISCONNECT = {
  sessionEnded: { code: 4501, reason: 'session ended' },
  playerBlocked: { code: 4502, reason: 'player blocked' },
} as const;

/**
 * Sandbox only (`POST /api/dev/rounds`): records a settled round as the game server will, so the
 * boards can be demonstrated and tested before and besides real games.
 */
export const devRoundBodySchema = gameRoundSettledEventSchema
  .omit({ roundId: true, playerId: true, settledAt: true })
  .extend({ playerId: z.uuid().optional() });
export type DevRoundBody = z.infer<typeof devRoundBodySchema>;
