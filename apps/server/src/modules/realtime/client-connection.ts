import { randomInt, randomUUID } from 'node:crypto';
import { REALTIME_DISCONNECT } from '@coinfall/shared';
import type { Broker } from './broker.ts';
import { createChannelCommands } from './channel-commands.ts';
import type { ConnectionAuth, ConnectionClaims } from './connection-auth.ts';
import type { Hub } from './hub.ts';
import type { RpcRegistry } from './rpc-registry.ts';
import {
  DISCONNECT,
  PING_MESSAGE,
  REPLY_ERROR,
  decodeFrame,
  encodeError,
  encodeResult,
  ttlSeconds,
  type Command,
  type CommandMethod,
  type Disconnect,
  type ProtocolError,
} from './protocol.fns.ts';

/** How a connection reaches its client: a WebSocket or an HTTP stream (with /emulation). */
export interface ConnectionTransport {
  /** Emulated transports need `session` and `node` in the connect reply. */
  readonly emulated: boolean;
  write(message: string): void;
  /** Bytes written but not yet handed to the network: the slow-consumer measure. */
  bufferedBytes(): number;
  /** Ends the connection with a disconnect code, or plainly (null). */
  close(disconnect: Disconnect | null): void;
}

export interface ConnectionSettings {
  nodeId: string;
  version: string;
  pingMs: number;
  pongTimeoutMs: number;
  /** No successful connect within this → 3502. */
  staleMs: number;
  /** Grace after the token's exp before 3005 (the client refreshes at ttl). */
  expiryGraceMs: number;
  maxOutboundBytes: number;
  now: () => number;
}

export interface ConnectionDeps {
  hub: Hub;
  broker: Pick<Broker, 'history'>;
  auth: ConnectionAuth;
  /** The modules' RPC methods (decision 067); without it every `rpc` is method-not-found. */
  rpc?: Pick<RpcRegistry, 'call'>;
  settings: ConnectionSettings;
  onConnected(connection: ClientConnection): void;
  onClosed(connection: ClientConnection): void;
  onError(err: unknown): void;
}

export interface ClientConnection {
  /** The protocol's client id, also the emulation session id. */
  readonly id: string;
  /** The token's claims of an authenticated player; null for guests and before connect. */
  claims(): ConnectionClaims | null;
  receive(frame: string): void;
  /** The transport is gone (socket closed, response ended): forget everything. */
  transportClosed(): void;
  disconnect(disconnect: Disconnect): void;
  /** After a session change: close the connection if its session ended or its player is blocked. */
  recheckSession(): Promise<void>;
}

/** Frames waiting behind a slow command beyond this mean a client flooding us. */
const MAX_PENDING_FRAMES = 64;
/** RPCs of one connection being answered at once; past it a call is refused (106). */
const MAX_RPCS_IN_FLIGHT = 64;
const TOO_MANY_REQUESTS: Disconnect = { code: 3013, reason: 'too many requests' };

const timer = (ms: number, run: () => void) => setTimeout(run, Math.max(0, ms)).unref();

/** The protocol state machine of one client, whatever carries its frames. */
export function createClientConnection(
  transport: ConnectionTransport,
  deps: ConnectionDeps,
): ClientConnection {
  const { settings } = deps;
  const id = randomUUID();
  let state: 'new' | 'connected' | 'closed' = 'new';
  let claims: ConnectionClaims | null = null;
  let pending = 0;
  let rpcsInFlight = 0;
  let queue = Promise.resolve();
  let pingTimer: NodeJS.Timeout | undefined;
  let pongTimer: NodeJS.Timeout | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  const staleTimer = timer(settings.staleMs, () => {
    if (state === 'new') disconnect(DISCONNECT.stale);
  });

  const channels = createChannelCommands({
    hub: deps.hub,
    broker: deps.broker,
    playerId: () => claims?.sub ?? null,
    scope: () => claims?.scope ?? 'player',
    isClosed: () => state === 'closed',
    send,
    disconnect,
  });

  function send(message: string) {
    if (state === 'closed') return;
    transport.write(message);
    if (transport.bufferedBytes() > settings.maxOutboundBytes) disconnect(DISCONNECT.slow);
  }
  const reply = (commandId: number, method: CommandMethod, result: object) =>
    send(encodeResult(commandId, method, result));
  const replyError = (commandId: number, error: ProtocolError) =>
    send(encodeError(commandId, error));

  function release() {
    state = 'closed';
    for (const t of [staleTimer, pingTimer, pongTimer, expiryTimer]) clearTimeout(t);
    channels.leaveAll();
    deps.onClosed(connection);
  }

  function disconnect(reason: Disconnect | null) {
    if (state === 'closed') return;
    release();
    transport.close(reason);
  }

  function schedulePing(delayMs: number) {
    pingTimer = timer(delayMs, () => {
      send(PING_MESSAGE);
      clearTimeout(pongTimer);
      pongTimer = timer(settings.pongTimeoutMs, () => disconnect(DISCONNECT.noPong));
      schedulePing(settings.pingMs);
    });
  }

  function scheduleExpiry(exp: number) {
    clearTimeout(expiryTimer);
    expiryTimer = timer(exp * 1000 - settings.now() + settings.expiryGraceMs, () => {
      if (claims && claims.exp * 1000 <= settings.now()) disconnect(DISCONNECT.expired);
    });
  }

  /** False when the rest of the frame must not be processed. */
  async function connect(commandId: number, body: Record<string, unknown>): Promise<boolean> {
    const token = typeof body.token === 'string' ? body.token : '';
    if (token !== '') {
      const check = await deps.auth.checkToken(token);
      if (check.outcome === 'expired') {
        // The client gets a fresh token and reconnects; a plain close is not terminal.
        replyError(commandId, REPLY_ERROR.tokenExpired);
        disconnect(null);
        return false;
      }
      if (check.outcome !== 'live') {
        // Ended sessions included: the token no longer stands for anything (terminal).
        disconnect(
          check.outcome === 'blocked' ? REALTIME_DISCONNECT.playerBlocked : DISCONNECT.invalidToken,
        );
        return false;
      }
      claims = check.claims;
    }
    if (state === 'closed') return false;
    state = 'connected';
    clearTimeout(staleTimer);
    deps.onConnected(connection);
    const pingSeconds = Math.round(settings.pingMs / 1000);
    reply(commandId, 'connect', {
      client: id,
      version: settings.version,
      ping: pingSeconds,
      pong: true,
      ...(claims ? { expires: true, ttl: ttlSeconds(claims.exp, settings.now()) } : {}),
      ...(transport.emulated ? { session: id, node: settings.nodeId } : {}),
    });
    // The first ping at a random point of the interval spreads the load of many connections.
    schedulePing(settings.pingMs / 2 + randomInt(Math.max(1, Math.floor(settings.pingMs / 2))));
    if (claims) scheduleExpiry(claims.exp);
    return true;
  }

  async function refresh(commandId: number, body: Record<string, unknown>) {
    // Guests hold no token: a refresh from one is not something this server asked for.
    if (!claims) return disconnect(DISCONNECT.badRequest);
    const token = typeof body.token === 'string' ? body.token : '';
    const check =
      token === '' ? { outcome: 'invalid' as const } : await deps.auth.checkToken(token);
    if (check.outcome === 'expired') return disconnect(DISCONNECT.expired);
    if (check.outcome === 'blocked') return disconnect(REALTIME_DISCONNECT.playerBlocked);
    if (check.outcome === 'ended') return disconnect(REALTIME_DISCONNECT.sessionEnded);
    if (
      check.outcome !== 'live' ||
      check.claims.sub !== claims.sub ||
      check.claims.scope !== claims.scope
    ) {
      return disconnect(DISCONNECT.invalidToken);
    }
    claims = check.claims;
    scheduleExpiry(claims.exp);
    reply(commandId, 'refresh', {
      client: id,
      version: settings.version,
      expires: true,
      ttl: ttlSeconds(claims.exp, settings.now()),
    });
  }

  async function rpc(commandId: number, method: unknown, data: unknown): Promise<void> {
    try {
      const answer = deps.rpc
        ? await deps.rpc.call(claims, method, data)
        : { error: REPLY_ERROR.methodNotFound };
      if ('error' in answer) replyError(commandId, answer.error);
      else reply(commandId, 'rpc', answer.result === undefined ? {} : { data: answer.result });
    } catch (err) {
      // A failure of ours: answer this call, keep the connection (as for any other command).
      deps.onError(err);
      replyError(commandId, REPLY_ERROR.internal);
    }
  }

  /** False when the rest of the frame must not be processed. */
  async function handle(command: Command): Promise<boolean> {
    if (command.method === 'pong') {
      if (state !== 'connected') disconnect(DISCONNECT.badRequest);
      return true;
    }
    if (state !== 'connected') {
      if (command.method === 'connect') return connect(command.id, command.body);
      disconnect(DISCONNECT.badRequest);
      return false;
    }
    const commandId = command.id;
    switch (command.method) {
      case 'connect':
        disconnect(DISCONNECT.badRequest);
        return false;
      case 'unknown':
        replyError(commandId, REPLY_ERROR.methodNotFound);
        return true;
      case 'send':
        return true; // Nothing listens to client messages; `send` never gets a reply.
      case 'ping':
        reply(commandId, 'ping', {});
        return true;
      case 'publish':
        // Casino state only ever originates on the server.
        replyError(commandId, REPLY_ERROR.permissionDenied);
        return true;
      case 'rpc': {
        if (rpcsInFlight >= MAX_RPCS_IN_FLIGHT) {
          replyError(commandId, REPLY_ERROR.limitExceeded);
          return true;
        }
        // An RPC may wait for a group commit (decision 071): the connection's next commands do
        // not wait behind it, so one client's calls can share a batch (Centrifugo's
        // client_concurrency). Each reply carries its command's id.
        rpcsInFlight += 1;
        void rpc(commandId, command.body.method, command.body.data).finally(() => {
          rpcsInFlight -= 1;
        });
        return true;
      }
      case 'presence':
      case 'presence_stats':
      case 'sub_refresh': // We issue no subscription tokens, so nothing needs refreshing.
        replyError(commandId, REPLY_ERROR.notAvailable);
        return true;
      case 'refresh':
        await refresh(commandId, command.body);
        return true;
      case 'subscribe':
        await channels.subscribe(command.body, (answer) =>
          'error' in answer
            ? replyError(commandId, answer.error)
            : reply(commandId, 'subscribe', answer.result),
        );
        return true;
      case 'unsubscribe':
      case 'history': {
        const answer =
          command.method === 'unsubscribe'
            ? channels.unsubscribe(command.body)
            : await channels.history(command.body);
        if ('error' in answer) replyError(commandId, answer.error);
        else reply(commandId, command.method, answer.result);
        return true;
      }
    }
  }

  async function process(frame: string) {
    const commands = decodeFrame(frame);
    if (!commands) return disconnect(DISCONNECT.badRequest);
    for (const command of commands) {
      if (state === 'closed') return;
      try {
        if (!(await handle(command))) return;
      } catch (err) {
        // A failure of ours (Redis down…): answer this command, keep the connection.
        deps.onError(err);
        if (command.method !== 'pong' && command.method !== 'connect') {
          replyError(command.id, REPLY_ERROR.internal);
        } else disconnect(DISCONNECT.internal);
      }
    }
  }

  const connection: ClientConnection = {
    id,
    claims: () => claims,
    receive(frame) {
      if (state === 'closed') return;
      // Any traffic proves the client alive, the pong included.
      clearTimeout(pongTimer);
      pending += 1;
      if (pending > MAX_PENDING_FRAMES) return disconnect(TOO_MANY_REQUESTS);
      queue = queue
        .then(() => process(frame))
        .catch((err: unknown) => {
          deps.onError(err);
          disconnect(DISCONNECT.internal);
        })
        .finally(() => {
          pending -= 1;
        });
    },
    transportClosed() {
      if (state !== 'closed') release();
    },
    disconnect,
    async recheckSession() {
      if (!claims || state === 'closed') return;
      const standing = await deps.auth.standing(claims);
      if (standing === 'ended') disconnect(REALTIME_DISCONNECT.sessionEnded);
      if (standing === 'blocked') disconnect(REALTIME_DISCONNECT.playerBlocked);
      // A refresh elsewhere retired the socket's token: reconnecting makes the client bring the new one.
      if (standing === 'retired') disconnect(DISCONNECT.expired);
    },
  };
  return connection;
}
