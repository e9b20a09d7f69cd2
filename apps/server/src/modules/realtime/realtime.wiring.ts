import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { AuthSessionRow, TokenSigner } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import { APP_VERSION } from '../../platform/version.ts';
import type { Broker } from './broker.ts';
import type { ConnectionSettings } from './client-connection.ts';
import { createConnectionAuth, type PassInspector, type StaffStanding } from './connection-auth.ts';
import { emulationRoutes } from './emulation.routes.ts';
import { createGateway, type Gateway } from './gateway.ts';
import { createMemoryBroker, type HistoryPolicy } from './memory-broker.ts';
import { createRedisBroker } from './redis-broker.ts';
import { createRpcRegistry, type RpcRegistry } from './rpc-registry.ts';
import { MAX_OUTBOUND_BYTES } from './transport.fns.ts';
import { attachWebSocketTransport } from './websocket-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime broker of this node, for publishers wired elsewhere and for tests. */
    realtimeBroker: Broker;
    /** The session-changes bus (decorated in app.ts): tests publish what an operator's block would. */
    sessionChanges: SessionChanges;
  }
}

/** What a personal channel keeps for a client that reconnects (a flaky mobile link). */
export const REALTIME_HISTORY: HistoryPolicy = { size: 100, ttlMs: 10 * 60_000 };

/**
 * The timings of every connection of a node (the reference server's defaults); tests build a
 * gateway of their own with shorter ones.
 */
export function connectionSettings(
  config: Pick<Config, 'realtimePingSeconds'>,
  nodeId: string,
): ConnectionSettings {
  const pingMs = config.realtimePingSeconds * 1000;
  return {
    nodeId,
    version: APP_VERSION,
    pingMs,
    // Answered well before the next ping; 10 s like the reference server at most.
    pongTimeoutMs: Math.min(10_000, pingMs / 2),
    staleMs: 15_000,
    expiryGraceMs: 25_000,
    maxOutboundBytes: MAX_OUTBOUND_BYTES,
    now: Date.now,
  };
}

export interface RealtimeWiring {
  /** Where publishers (outbox delivery, live boards) publish. */
  broker: Broker;
  gateway: Gateway;
  /** Where modules register the RPC methods clients call on the socket (decision 067). */
  rpc: Pick<RpcRegistry, 'register'>;
  /**
   * Where the back office, wired later, says whether a staff realtime token's session still
   * stands (decision 074): checked at connect and after a session change naming it.
   */
  checkStaffWith(check: StaffStanding): void;
  /** The HTTP-streaming, SSE and /emulation routes: register inside the /api scope. */
  routes: FastifyPluginAsync;
}

/**
 * The realtime gateway of this node (decision 013): broker (Redis when configured), WebSocket
 * transport on the server's upgrade event, emulation routes, and the shutdown that tells every
 * client to reconnect elsewhere (3001) before the server stops accepting.
 */
export async function wireRealtime(deps: {
  app: FastifyInstance;
  config: Config;
  redis: Redis | null;
  tokens: Pick<TokenSigner, 'inspect'>;
  findSession: (sessionId: string) => Promise<AuthSessionRow | undefined>;
  sessionChanges: Pick<SessionChanges, 'subscribe'>;
  /** Support passes and staff realtime tokens (decision 040), checked after a player's token. */
  passes?: PassInspector;
  logger: FastifyBaseLogger;
}): Promise<RealtimeWiring> {
  const { app, config, logger } = deps;
  // Redis down (decision 021) is expected and answered with a temporary error the client retries.
  const onError = (err: unknown) =>
    err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE'
      ? logger.warn({ err }, 'realtime: Redis unavailable; the client retries')
      : logger.error({ err }, 'realtime gateway error');
  const broker = deps.redis
    ? await createRedisBroker({ redis: deps.redis, policy: REALTIME_HISTORY, onError })
    : createMemoryBroker({ policy: REALTIME_HISTORY });
  const nodeId = randomBytes(8).toString('hex');
  const rpc = createRpcRegistry();
  let staffCheck: StaffStanding | null = null;
  const gateway = createGateway({
    rpc,
    broker,
    auth: createConnectionAuth({
      tokens: deps.tokens,
      findSession: deps.findSession,
      passes: deps.passes,
      // Before the back office registers its check (the app's wiring), nobody is connected.
      staffStanding: (claims) => staffCheck?.(claims) ?? Promise.resolve('live'),
    }),
    sessionChanges: deps.sessionChanges,
    settings: connectionSettings(config, nodeId),
    onError,
  });
  const websocket = attachWebSocketTransport({
    server: app.server,
    gateway,
    allowedOrigins: config.realtimeAllowedOrigins,
    onError: (err) => logger.debug({ err }, 'realtime socket error'),
  });
  // preClose, not onClose: open streams would keep the server from closing at all.
  app.addHook('preClose', async () => {
    gateway.close();
    websocket.close();
  });
  app.addHook('onClose', async () => broker.close());
  app.decorate('realtimeBroker', broker);
  const routes = emulationRoutes({
    gateway,
    nodeId,
    allowedOrigins: config.realtimeAllowedOrigins,
  });
  return {
    broker,
    gateway,
    rpc,
    routes,
    checkStaffWith: (check) => {
      staffCheck = check;
    },
  };
}
