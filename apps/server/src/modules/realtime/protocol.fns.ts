import {
  ACTIVITY_BOARD_CHANNEL,
  DEVICE_TYPES,
  PLAYER_CHANNELS,
  RPC_TURNED_AWAY,
  SUPPORT_PLAYER_CHANNEL_PREFIX,
  SUPPORT_STAFF_CHANNEL,
} from '@coinfall/shared';
import type { Publication, StreamPosition } from './broker.ts';

/**
 * The Centrifuge protocol v2, JSON flavour, as pure functions: framing, code tables, channel
 * rules and the recovery decision (design/realtime-protocol.md §1.1–1.11).
 */

export interface ProtocolError {
  code: number;
  message: string;
  temporary?: boolean;
}

/** Error replies (§1.7); the client reacts to the code, the message is for people. */
export const REPLY_ERROR = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  unknownChannel: { code: 102, message: 'unknown channel' },
  permissionDenied: { code: RPC_TURNED_AWAY.permissionDenied, message: 'permission denied' },
  methodNotFound: { code: RPC_TURNED_AWAY.methodNotFound, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  limitExceeded: { code: 106, message: 'limit exceeded' },
  badRequest: { code: 107, message: 'bad request' },
  notAvailable: { code: RPC_TURNED_AWAY.notAvailable, message: 'not available' },
  tokenExpired: { code: RPC_TURNED_AWAY.tokenExpired, message: 'token expired' },
  unrecoverablePosition: { code: 112, message: 'unrecoverable position' },
} as const satisfies Record<string, ProtocolError>;

export interface Disconnect {
  code: number;
  /** Plain text, well under the 123 bytes a WebSocket close frame allows. */
  reason: string;
}

/** Disconnect codes (§1.7): 3000–3499 reconnect, 3500–3999 are terminal. */
export const DISCONNECT = {
  shutdown: { code: 3001, reason: 'shutdown' },
  internal: { code: 3004, reason: 'internal server error' },
  expired: { code: 3005, reason: 'connection expired' },
  slow: { code: 3008, reason: 'slow' },
  insufficientState: { code: 3010, reason: 'insufficient state' },
  noPong: { code: 3012, reason: 'no pong' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
} as const satisfies Record<string, Disconnect>;

export const COMMAND_METHODS = [
  'connect',
  'subscribe',
  'unsubscribe',
  'publish',
  'presence',
  'presence_stats',
  'history',
  'ping',
  'send',
  'rpc',
  'refresh',
  'sub_refresh',
] as const;
export type CommandMethod = (typeof COMMAND_METHODS)[number];

/** One decoded command: its id (0 when absent), its method and the method's body. */
export type Command =
  | { id: number; method: CommandMethod; body: Record<string, unknown> }
  /** `{}` from the client: the answer to our ping. */
  | { id: 0; method: 'pong' }
  /** An object with an id but no method we know. */
  | { id: number; method: 'unknown' };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function toCommand(value: unknown): Command | null {
  if (!isObject(value)) return null;
  const id = value.id ?? 0;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
  const methods = COMMAND_METHODS.filter((m) => value[m] !== undefined);
  if (methods.length > 1) return null;
  const method = methods[0];
  if (!method) return id === 0 ? { id: 0, method: 'pong' } : { id, method: 'unknown' };
  const body = value[method];
  if (!isObject(body)) return null;
  return { id, method, body };
}

/**
 * A frame is one or more JSON objects separated by `\n`; a trailing newline is tolerated.
 * Null when any piece is not a command: the whole frame is a bad request (3501).
 */
export function decodeFrame(frame: string): Command[] | null {
  const commands: Command[] = [];
  for (const line of frame.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return null;
    }
    const command = toCommand(value);
    if (!command) return null;
    commands.push(command);
  }
  return commands.length > 0 ? commands : null;
}

/** Compact JSON, one line: the client splits frames on `\n`, so nothing may be pretty-printed. */
export const encodeMessage = (message: object): string => JSON.stringify(message);

export const encodeResult = (id: number, method: CommandMethod, result: object) =>
  encodeMessage({ id, [method]: result });

export const encodeError = (id: number, error: ProtocolError) => encodeMessage({ id, error });

/**
 * Encoded once per publication, however many subscribers it fans out to: a publication object
 * belongs to one channel, and serialising its data per socket was most of the fan-out's cost.
 */
const encodedPublications = new WeakMap<Publication, string>();

export function encodePublication(channel: string, publication: Publication): string {
  let frame = encodedPublications.get(publication);
  if (frame === undefined) {
    frame = encodeMessage({
      push: { channel, pub: { data: publication.data, offset: publication.offset } },
    });
    encodedPublications.set(publication, frame);
  }
  return frame;
}

export const encodeDisconnectPush = (disconnect: Disconnect) =>
  encodeMessage({ push: { disconnect: { code: disconnect.code, reason: disconnect.reason } } });

/** The server ping (§1.5): the literal empty object. */
export const PING_MESSAGE = '{}';

export const MAX_CHANNEL_LENGTH = 255;
export const MAX_CHANNELS_PER_CONNECTION = 128;

export type ChannelDecision =
  { allowed: true; kind: 'public' | 'player' | 'staff' } | { allowed: false; error: ProtocolError };

/**
 * What a connection's token lets it reach (decision 040): `player` a session's access token;
 * `support` a blocked or excluded player's support pass (their support channel and nothing
 * else); `staff` a staff realtime token (the staff support channel).
 */
export type ConnectionScope = 'player' | 'support' | 'staff';

const WINNERS = new RegExp(`^winners:(${DEVICE_TYPES.join('|')})-[A-Z]{2}$`);
const PLAYER_NAMESPACES = new Set<string>([
  ...Object.values(PLAYER_CHANNELS),
  SUPPORT_PLAYER_CHANNEL_PREFIX,
]);

/**
 * Who may subscribe to what (§ "Our channels"): the public boards for anyone, guests included;
 * `<namespace>#<playerId>` only for that player, compared byte for byte; the staff support
 * channel only for a staff connection; a support pass reaches its own support channel only.
 */
export function decideChannel(
  channel: string,
  playerId: string | null,
  scope: ConnectionScope = 'player',
): ChannelDecision {
  // Printable ASCII only: anything else cannot be one of our channel names.
  if (
    channel.length === 0 ||
    channel.length > MAX_CHANNEL_LENGTH ||
    !/^[\x21-\x7e]+$/.test(channel)
  ) {
    return { allowed: false, error: REPLY_ERROR.badRequest };
  }
  if (channel === SUPPORT_STAFF_CHANNEL) {
    return scope === 'staff'
      ? { allowed: true, kind: 'staff' }
      : { allowed: false, error: REPLY_ERROR.permissionDenied };
  }
  if (channel === ACTIVITY_BOARD_CHANNEL || WINNERS.test(channel)) {
    return scope === 'support'
      ? { allowed: false, error: REPLY_ERROR.permissionDenied }
      : { allowed: true, kind: 'public' };
  }
  const boundary = channel.lastIndexOf('#');
  const namespace = boundary < 0 ? channel : channel.slice(0, boundary);
  if (!PLAYER_NAMESPACES.has(namespace))
    return { allowed: false, error: REPLY_ERROR.unknownChannel };
  const owner = scope === 'staff' ? null : playerId;
  if (scope === 'support' && namespace !== SUPPORT_PLAYER_CHANNEL_PREFIX) {
    return { allowed: false, error: REPLY_ERROR.permissionDenied };
  }
  if (boundary < 0 || owner === null || channel.slice(boundary + 1) !== owner) {
    return { allowed: false, error: REPLY_ERROR.permissionDenied };
  }
  return { allowed: true, kind: 'player' };
}

/**
 * Stream recovery (§1.11 isStreamRecovered): the client missed nothing we no longer hold.
 * `missed` are the kept publications with offset > the client's, oldest first.
 */
export function isStreamRecovered(
  client: StreamPosition,
  current: StreamPosition,
  missed: readonly Publication[],
): boolean {
  if (client.epoch !== current.epoch) return false;
  if (missed.length === 0) return current.offset === client.offset;
  return (
    missed[0]!.offset === client.offset + 1 && missed[missed.length - 1]!.offset === current.offset
  );
}

/** Seconds until `exp` (unix seconds), never negative: the connect/refresh reply `ttl`. */
export const ttlSeconds = (exp: number, nowMs: number) =>
  Math.max(0, exp - Math.floor(nowMs / 1000));
