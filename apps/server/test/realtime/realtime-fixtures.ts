import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Centrifuge, type Options } from 'centrifuge';
import WebSocket from 'ws';
import { REALTIME_PATHS } from '@coinfall/shared';
import { createTokenSigner } from '../../src/platform/auth.ts';
import type { Broker } from '../../src/modules/realtime/broker.ts';
import type { ConnectionSettings } from '../../src/modules/realtime/client-connection.ts';
import { createConnectionAuth } from '../../src/modules/realtime/connection-auth.ts';
import { createGateway, type Gateway } from '../../src/modules/realtime/gateway.ts';
import type { RpcRegistry } from '../../src/modules/realtime/rpc-registry.ts';
import { connectionSettings } from '../../src/modules/realtime/realtime.wiring.ts';
import { attachWebSocketTransport } from '../../src/modules/realtime/websocket-transport.ts';
import { createPlayerRepo } from '../../src/modules/player/player.repo.ts';
import { createLocalSessionChanges } from '../../src/platform/sessions/session-changes.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, register } from '../player/player-fixtures.ts';

export interface RealtimeTestApp extends TestApp {
  baseUrl: string;
  wsUrl: string;
  broker: Broker;
}

/** A test app listening on a free port: the centrifuge client needs a real server. */
export async function createListeningApp(
  env: Record<string, string> = {},
): Promise<RealtimeTestApp> {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...t,
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}${REALTIME_PATHS.websocket}`,
    broker: t.app.realtimeBroker,
  };
}

export interface TestPlayer {
  playerId: string;
  accessToken: string;
  claims: { sub: string; sid: string; ver: number };
}

export function tokenClaims(token: string): { sub: string; sid: string; ver: number; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    sid: string;
    ver: number;
    exp: number;
  };
}

export async function registerPlayer(t: TestApp): Promise<TestPlayer> {
  const session = await register(t);
  const claims = tokenClaims(session.accessToken);
  return { playerId: claims.sub, accessToken: session.accessToken, claims };
}

/**
 * A genuine token of the player's session that expires `secondsLeft` from now (negative: already
 * expired), signed with the app's key: the API's minimum TTL is a minute, too long for tests.
 */
export async function tokenExpiringIn(
  t: TestApp,
  player: TestPlayer,
  secondsLeft: number,
): Promise<string> {
  const ttlSeconds = 60;
  const signer = createTokenSigner({
    secret: t.config.jwtSecret,
    ttlSeconds,
    now: () => Date.now() - (ttlSeconds - secondsLeft) * 1000,
  });
  const { accessToken } = await signer.sign({
    playerId: player.claims.sub,
    sessionId: player.claims.sid,
    tokenVersion: player.claims.ver,
  });
  return accessToken;
}

/** A fresh access token through the API, as the site's getToken does. */
export async function refreshThroughApi(t: TestApp, player: TestPlayer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/player/sessions/refresh',
    headers: bearer(player.accessToken),
  });
  if (res.statusCode !== 200) throw new Error(`refresh failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string }>().accessToken;
}

/** The official client over WebSocket, quick to reconnect so tests stay short. */
export function wsClient(
  t: Pick<RealtimeTestApp, 'wsUrl'>,
  options: Partial<Options> = {},
): Centrifuge {
  return new Centrifuge(t.wsUrl, {
    websocket: WebSocket,
    minReconnectDelay: 50,
    maxReconnectDelay: 300,
    ...options,
  });
}

/** The official client over HTTP-streaming only (no WebSocket offered). */
export function httpStreamClient(t: RealtimeTestApp, options: Partial<Options> = {}): Centrifuge {
  return new Centrifuge(
    [{ transport: 'http_stream', endpoint: `${t.baseUrl}${REALTIME_PATHS.httpStream}` }],
    {
      emulationEndpoint: `${t.baseUrl}${REALTIME_PATHS.emulation}`,
      fetch: globalThis.fetch,
      readableStream: globalThis.ReadableStream,
      minReconnectDelay: 50,
      maxReconnectDelay: 300,
      ...options,
    },
  );
}

interface Emitter {
  once(event: string, listener: (ctx: never) => void): unknown;
}

/** The next `event` of a client or subscription, or a rejection naming what never came. */
export function next<T>(emitter: Emitter, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    emitter.once(event, (ctx: never) => {
      clearTimeout(timer);
      resolve(ctx);
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TestGateway {
  wsUrl: string;
  gateway: Gateway;
  close(): Promise<void>;
}

/**
 * A gateway of its own on `t`'s broker and database, with the timings a test needs (stale delay,
 * expiry grace, outbound limit…), served over WebSocket on a port of its own: the app's gateway
 * keeps the production timings.
 */
export async function createTestGateway(
  t: RealtimeTestApp,
  settings: Partial<ConnectionSettings>,
  /** The clock sessions are judged by (a refreshed token's grace); real time by default. */
  options: { now?: () => number; rpc?: Pick<RpcRegistry, 'call'> } = {},
): Promise<TestGateway> {
  const players = createPlayerRepo(t.database.db);
  const errors: unknown[] = [];
  const gateway = createGateway({
    broker: t.broker,
    auth: createConnectionAuth({
      tokens: createTokenSigner({
        secret: t.config.jwtSecret,
        ttlSeconds: t.config.accessTokenTtlSeconds,
      }),
      findSession: (sessionId) => players.findSessionForAuth(sessionId),
      now: options.now,
    }),
    rpc: options.rpc,
    sessionChanges: createLocalSessionChanges(),
    settings: { ...connectionSettings(t.config, 'test-node'), ...settings },
    onError: (err) => errors.push(err),
  });
  const server = createServer();
  const websocket = attachWebSocketTransport({
    server,
    gateway,
    allowedOrigins: [],
    onError: () => undefined,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    wsUrl: `ws://127.0.0.1:${port}${REALTIME_PATHS.websocket}`,
    gateway,
    async close() {
      gateway.close();
      websocket.close();
      await new Promise((resolve) => server.close(resolve));
      if (errors.length > 0) throw new AggregateError(errors, 'realtime gateway errors');
    },
  };
}

export interface RawSocket {
  socket: WebSocket;
  /** Every message received, one entry per JSON object of a frame. */
  messages: string[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** Sends commands as separate lines of one frame. */
  send(...commands: object[]): void;
  /** The reply to command `id`, once it came. */
  reply<T = Record<string, unknown>>(id: number, timeoutMs?: number): Promise<T>;
}

/** A raw socket: what the official client never sends, and the exact bytes it gets. */
export function rawSocket(url: string, protocols: string[] = []): RawSocket {
  const socket = new WebSocket(url, protocols);
  const messages: string[] = [];
  socket.on('message', (data) => {
    for (const line of (data as Buffer).toString('utf8').split('\n')) messages.push(line);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return {
    socket,
    messages,
    opened,
    closed,
    send: (...commands) => socket.send(commands.map((c) => JSON.stringify(c)).join('\n')),
    async reply<T>(id: number, timeoutMs = 10_000) {
      let found: T | undefined;
      await vi.waitFor(
        () => {
          found = messages
            .map((m) => JSON.parse(m) as T & { id?: number })
            .find((m) => m.id === id);
          if (!found) throw new Error(`no reply to command ${id}`);
        },
        { timeout: timeoutMs, interval: 5 },
      );
      return found!;
    },
  };
}
