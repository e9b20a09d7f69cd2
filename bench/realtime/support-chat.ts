/**
 * Support chat benchmark (issue 18, decisions 040 and 047): BENCH_CONVERSATIONS (1000) players
 * chatting with one agent at once through the real API and the realtime gateway, against the
 * gateway's plain publish rate measured in the same run.
 *   1. Baseline: ./chat-gateway-node.ts (the gateway alone, no database) with one official
 *      `centrifuge` client per conversation subscribed to its player's support channel;
 *      BENCH_PLAIN_MESSAGES (10) publications per channel straight to the broker → delivered
 *      messages/s.
 *   2. Chat: the production server (apps/server/src/main.ts, embedded database unless
 *      DATABASE_URL: then a database of the run's own on that server, dropped afterwards) with a
 *      support agent made by `staff:create` and signed in (TOTP enrolment),
 *      online, its console subscribed to `staff:support`; every player registered, subscribed to
 *      `support:chat#<id>` and with a conversation open. Then BENCH_ROUNDS (3) exchanges per
 *      conversation, all conversations at once: the player writes (`support.send` on their
 *      socket; BENCH_PLAYER_SEND=http: POST /api/support/messages), the bench waits for it on
 *      the console, the agent answers (`support.answer` on the console's socket;
 *      BENCH_AGENT_SEND=http: POST /api/admin/support/conversations/:id/messages), the bench
 *      waits for it on the player's socket (decision 071). At most BENCH_IN_FLIGHT (64) HTTP
 *      calls at a time (the keep-alive pool), so no call queues in this process. The chat is
 *      measured once the sign-ups' background work is done (untilQuiet). Latency: from the call's start to the delivery on the other side. Then
 *      BENCH_RATE (20) messages/s for BENCH_STEADY_SECONDS (10), alternately a player's and the
 *      agent's answer: the latency at that load, not at saturation. With few conversations the
 *      players write less of it, within their per-player limit (pacedPlan).
 * Prints p50/p99 delivery latency (target p99 < 100 ms, paced) and chat messages/s (all at once) ÷ the plain rate
 * (target ≥ 0.5); writes bench/results/support-chat-<date>.json. Never fails on numbers.
 *
 *   npm run support-chat -w @coinfall/bench
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Centrifuge, type PublicationContext } from 'centrifuge';
import pg from 'pg';
import WebSocket from 'ws';
import {
  REALTIME_PATHS,
  STAFF_COOKIE,
  SUPPORT_ANSWER_RPC,
  SUPPORT_MESSAGE_RATE,
  SUPPORT_SEND_RPC,
  SUPPORT_STAFF_CHANNEL,
  supportPlayerChannel,
} from '@coinfall/shared';
import { totpCode } from '../../apps/server/src/modules/backoffice/staff-totp.fns.ts';
import { BENCH_SANDBOX_ENV, call, keepAliveAgent } from '../lib/http-players.ts';
import { cpuMeter, onServer, type CpuPerOp } from '../lib/ledger-kit.ts';
import { fixed, table } from '../lib/load.ts';
import { groupCpuSeconds } from '../lib/proc-stat.ts';
import { saveResults } from '../lib/results.ts';
import { ROOT, startServer, untilQuiet } from '../lib/server.ts';
import type { ChatGatewayCommand, ChatGatewayReply } from './chat-gateway-node.ts';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1000);
// Each player writes ROUNDS + 1 messages within seconds: keep it under SUPPORT_MESSAGE_RATE (10).
const ROUNDS = Math.min(8, Number(process.env.BENCH_ROUNDS ?? 3));
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);
/** How players write: `socket` (support.send on their connection, decision 071) or `http`. */
const PLAYER_SEND = process.env.BENCH_PLAYER_SEND === 'http' ? 'http' : 'socket';
/** How the agent answers: `socket` (support.answer on the console's connection) or `http`. */
const AGENT_SEND = process.env.BENCH_AGENT_SEND === 'http' ? 'http' : 'socket';
const PLAIN_PER_CHANNEL = Number(process.env.BENCH_PLAIN_MESSAGES ?? 10);
const PACED_RATE = Number(process.env.BENCH_RATE ?? 20);
const PACED_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const SETUP_CONCURRENCY = 8;
const TARGET_P99_MS = 100;
const TARGET_RATIO = 0.5;
const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEVICE = { type: 'desktop', os: 'Linux', browser: 'bench' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * Who writes each message of the paced phase. Players share its messages with the agent half and
 * half, unless that would take a player past the API's per-player limit (SUPPORT_MESSAGE_RATE, in
 * production code and kept): then players write at most 80 % of their limit between them and the
 * agent writes the rest (the agent's answers have no per-player limit). Player messages go to the
 * players in turn, each message at its own slot, so every player's are evenly spaced. Also says
 * whether the phase must wait out the limit's window first (what the rounds spent counts too).
 */
function pacedPlan(options: {
  total: number;
  rate: number;
  conversations: number;
  spentPerPlayer: number;
}): { writers: ({ player: number } | { agentTo: number })[]; playerRate: number; wait: boolean } {
  const windowS = SUPPORT_MESSAGE_RATE.windowMs / 1000;
  const fair = (0.8 * options.conversations * SUPPORT_MESSAGE_RATE.limit) / windowS;
  const playerRate = Math.min(options.rate / 2, fair);
  const share = playerRate / options.rate;
  const writers: ({ player: number } | { agentTo: number })[] = [];
  let players = 0;
  let answers = 0;
  for (let k = 0; k < options.total; k += 1) {
    // Bresenham: message k is a player's when the running share crosses a whole number.
    if (Math.ceil((k + 1) * share) > Math.ceil(k * share)) {
      writers.push({ player: players % options.conversations });
      players += 1;
    } else {
      writers.push({ agentTo: answers % options.conversations });
      answers += 1;
    }
  }
  // At most this many a window per player in the phase; with the rounds' it may not fit at once.
  const perWindow = Math.ceil((windowS * playerRate) / options.conversations) + 1;
  return {
    writers,
    playerRate,
    wait: options.spentPerPlayer + perWindow > SUPPORT_MESSAGE_RATE.limit,
  };
}

function client(url: string, token: string): Centrifuge {
  return new Centrifuge(url, { websocket: WebSocket, token, minReconnectDelay: 200 });
}

/** Subscribes (connecting the client); resolves once subscribed. */
function subscribe(c: Centrifuge, channel: string, onData: (data: unknown) => void) {
  const sub = c.newSubscription(channel);
  sub.on('publication', (ctx: PublicationContext) => onData(ctx.data));
  const ready = new Promise<void>((resolve, reject) => {
    sub.once('subscribed', () => resolve());
    sub.once('error', (ctx) => reject(new Error(`${channel}: ${JSON.stringify(ctx.error)}`)));
  });
  sub.subscribe();
  c.connect();
  return ready;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

/** A counting semaphore: HTTP calls in flight at most `size`. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free -= 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Shared by both phases

/** Deliveries awaited by message text: `arrived` takes publications, `delivery` awaits one. */
function deliveries() {
  const awaited = new Map<string, (at: number) => void>();
  return {
    arrived: (data: unknown) => {
      const text = (data as { data?: { type?: string; message?: { text?: string } } }).data?.message
        ?.text;
      if (text !== undefined) awaited.get(text)?.(performance.now());
    },
    /** Resolves with the arrival time of the message of this text. */
    delivery: (text: string) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not delivered: ${text}`)), 60_000);
        awaited.set(text, (at) => {
          clearTimeout(timer);
          awaited.delete(text);
          resolve(at);
        });
      }),
  };
}

type Limit = <T>(work: () => Promise<T>) => Promise<T>;
const unlimited: Limit = (work) => work();

interface Exchanges {
  toAgent: number[];
  toPlayer: number[];
  seconds: number;
}

/**
 * ROUNDS exchanges per conversation, every conversation at once: the player writes, the bench
 * waits for it on the console, the agent answers, the bench waits for it on the player's socket.
 * Latency: from the call's start to the delivery on the other side.
 */
async function exchanges<P>(
  players: P[],
  says: {
    player: (p: P, text: string) => Promise<unknown>;
    agent: (p: P, text: string) => Promise<unknown>;
    /** What bounds the calls in flight: HTTP's pool of slots, or nothing for a socket's. */
    playerLimit: Limit;
    agentLimit: Limit;
  },
  delivery: (text: string) => Promise<number>,
): Promise<Exchanges> {
  /** One message's latency: from its call's start to its delivery on the other side. */
  const oneWay = async (text: string, limit: Limit, say: (text: string) => Promise<unknown>) => {
    const seen = delivery(text);
    const sentAt = await limit(async () => {
      const at = performance.now();
      await say(text);
      return at;
    });
    return (await seen) - sentAt;
  };
  const toAgent: number[] = [];
  const toPlayer: number[] = [];
  const started = performance.now();
  await Promise.all(
    players.map(async (p, i) => {
      for (let round = 1; round <= ROUNDS; round += 1) {
        toAgent.push(await oneWay(`p ${i} ${round}`, says.playerLimit, (t) => says.player(p, t)));
        toPlayer.push(await oneWay(`a ${i} ${round}`, says.agentLimit, (t) => says.agent(p, t)));
      }
    }),
  );
  return { toAgent, toPlayer, seconds: (performance.now() - started) / 1000 };
}

interface Latencies {
  playerToAgent: { p50: number; p99: number };
  agentToPlayer: { p50: number; p99: number };
  all: { p50: number; p99: number; max: number };
}

function latenciesOf(run: Exchanges): Latencies & { messages: number; perSecond: number } {
  const sortedAgent = [...run.toAgent].sort((a, b) => a - b);
  const sortedPlayer = [...run.toPlayer].sort((a, b) => a - b);
  const all = [...run.toAgent, ...run.toPlayer].sort((a, b) => a - b);
  return {
    messages: all.length,
    perSecond: all.length / run.seconds,
    playerToAgent: { p50: percentile(sortedAgent, 50), p99: percentile(sortedAgent, 99) },
    agentToPlayer: { p50: percentile(sortedPlayer, 50), p99: percentile(sortedPlayer, 99) },
    all: { p50: percentile(all, 50), p99: percentile(all, 99), max: all.at(-1) ?? NaN },
  };
}

// ---------------------------------------------------------------------------------------------
// 1. The gateway alone: its plain publish rate, and the chat's frames without a database

interface GatewayAlone {
  plain: { deliveries: number; seconds: number; perSecond: number };
  /** The chat's exchanges on ./chat-gateway-node.ts's RPCs: every frame, no database. */
  floor: Latencies & { messages: number; seconds: number; perSecond: number; cpu: CpuPerOp };
}

async function gatewayAlone(): Promise<GatewayAlone> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  // Its own process group, so its CPU is read with that of the node process tsx starts.
  const child: ChildProcess = spawn(tsx, [path.join(HERE, 'chat-gateway-node.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  const replies: ((reply: ChatGatewayReply) => void)[] = [];
  child.on('message', (reply: ChatGatewayReply) => replies.shift()?.(reply));
  const next = () => new Promise<ChatGatewayReply>((resolve) => replies.push(resolve));
  const ready = await next();
  if (ready.kind !== 'ready') throw new Error('the gateway did not start');
  const url = `ws://127.0.0.1:${ready.port}${REALTIME_PATHS.websocket}`;
  const clients: Centrifuge[] = [];
  const expected = CONVERSATIONS * PLAIN_PER_CHANNEL;
  let received = 0;
  let allIn: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allIn = resolve));
  // The plain phase counts what the players' sockets receive; the floor then awaits texts.
  let onPublication = (_data: unknown) => {
    received += 1;
    if (received === expected) allIn();
  };
  try {
    const ids = Array.from({ length: CONVERSATIONS }, () => randomUUID());
    const players = await pool(ids, 100, async (id) => {
      const c = client(url, `bench.${id}`);
      clients.push(c);
      await subscribe(c, supportPlayerChannel(id), (data) => onPublication(data));
      return { id, socket: c };
    });
    const started = performance.now();
    const published = next();
    child.send({
      kind: 'publish',
      channels: ids.map((id) => supportPlayerChannel(id)),
      perChannel: PLAIN_PER_CHANNEL,
    } satisfies ChatGatewayCommand);
    await published;
    await Promise.race([
      done,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`plain: ${received} of ${expected}`)), 120_000),
      ),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const plain = { deliveries: expected, seconds, perSecond: expected / seconds };

    process.stdout.write("the chat's frames alone … ");
    const { arrived, delivery } = deliveries();
    onPublication = arrived;
    const console_ = client(url, 'staff.bench');
    clients.push(console_);
    await subscribe(console_, SUPPORT_STAFF_CHANNEL, arrived);
    const slot = slots(IN_FLIGHT);
    const meter = await cpuMeter(() => groupCpuSeconds(child.pid ?? -1));
    const run = await exchanges(
      players,
      {
        player: (p, text) =>
          p.socket.rpc(SUPPORT_SEND_RPC, { text, clientMessageId: randomUUID(), locale: 'en' }),
        agent: (p, text) => console_.rpc(SUPPORT_ANSWER_RPC, { conversationId: p.id, text }),
        playerLimit: unlimited,
        agentLimit: slot,
      },
      delivery,
    );
    const cpu = await meter.per(run.toAgent.length + run.toPlayer.length);
    return { plain, floor: { ...latenciesOf(run), seconds: run.seconds, cpu } };
  } finally {
    for (const c of clients) c.disconnect();
    child.send({ kind: 'close' } satisfies ChatGatewayCommand);
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

// ---------------------------------------------------------------------------------------------
// 2. The chat through the API

/** A support agent made with `npm run staff:create` on the server's data directory. */
async function createAgent(
  dataDir: string,
  email: string,
  database: { DATABASE_URL?: string },
): Promise<string> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const cli = path.join(ROOT, 'apps/server/src/modules/backoffice/staff-create.cli.ts');
  const child = spawn(tsx, [cli, '--email', email, '--role', 'support'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...database,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await new Promise((resolve) => child.once('exit', resolve));
  const password = /Password: (\S+)/.exec(out)?.[1];
  if (!password) throw new Error(`staff:create printed no password: ${out}`);
  return password;
}

/** Password step, then the first TOTP step (enrolment): the staff cookie header. */
async function signInAgent(baseUrl: string, email: string, password: string) {
  const post = (url: string, body: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const first = await post('/api/admin/session/password', { email, password });
  if (!first.ok) throw new Error(`password step: ${first.status} ${await first.text()}`);
  const challenge = (await first.json()) as { challenge: string; enrolment: { secret: string } };
  const second = await post('/api/admin/session/totp', {
    challenge: challenge.challenge,
    code: totpCode(challenge.enrolment.secret, Date.now()),
  });
  if (!second.ok) throw new Error(`totp step: ${second.status} ${await second.text()}`);
  const cookie = second.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!cookie) throw new Error('no staff cookie');
  return { cookie };
}

interface Player {
  token: string;
  id: string;
  conversationId: string;
  socket: Centrifuge;
}

interface ChatResult extends Latencies {
  messages: number;
  seconds: number;
  perSecond: number;
  /** Over the all-at-once phase. */
  cpu: CpuPerOp;
  /** At PACED_RATE messages/s, alternately a player's and the agent's answer. */
  paced: {
    rate: number;
    /** Of `rate`, the players' messages/s (the agent's are the rest): see pacedPlan. */
    playerRate: number;
    messages: number;
    p50: number;
    p99: number;
    max: number;
  };
}

/**
 * On PostgreSQL, a database of this run's own on DATABASE_URL's server, dropped afterwards: a run
 * on a database earlier runs filled (1,000 players each) measures the growth too, not the chat
 * (the segments sweep at start walks every player, decision 074).
 */
async function runDatabase(): Promise<{ url?: string; name?: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { drop: async () => undefined };
  const name = `coinfall_bench_chat_${process.pid}`;
  await onServer(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => onServer(server, `drop database if exists "${name}" with (force)`),
  };
}

async function chat(): Promise<ChatResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfall-bench-chat-'));
  const database = await runDatabase();
  const onDatabase = database.url ? { DATABASE_URL: database.url } : {};
  const agentEmail = `bench-agent-${randomUUID().slice(0, 8)}@staff.example.com`;
  const agentPassword = await createAgent(dataDir, agentEmail, onDatabase);
  const server = await startServer({
    DATA_DIR: dataDir,
    ...onDatabase,
    ...BENCH_SANDBOX_ENV,
    PASSWORD_HASH_COST: 'low',
    SUPPORT_AGENT_CAPACITY: String(CONVERSATIONS),
  });
  const http = keepAliveAgent(Math.max(IN_FLIGHT, SETUP_CONCURRENCY));
  const wsUrl = `${server.baseUrl.replace('http', 'ws')}${REALTIME_PATHS.websocket}`;
  const sockets: Centrifuge[] = [];
  const { arrived, delivery } = deliveries();
  // One idle connection, to find the run database's backends for their CPU.
  const stats = database.url
    ? { pool: new pg.Pool({ connectionString: database.url, max: 1 }), name: database.name! }
    : undefined;
  try {
    const staff = await signInAgent(server.baseUrl, agentEmail, agentPassword);
    const staffHeaders = { cookie: staff.cookie };
    await call(http, server.baseUrl, 'PUT', '/api/admin/support/presence', staffHeaders, {
      status: 'online',
      displayName: 'Bench',
    });
    const { token: staffToken } = await call<{ token: string }>(
      http,
      server.baseUrl,
      'GET',
      '/api/admin/support/realtime-token',
      staffHeaders,
    );
    const console_ = client(wsUrl, staffToken);
    sockets.push(console_);
    await subscribe(console_, SUPPORT_STAFF_CHANNEL, arrived);

    process.stdout.write(`chat: registering ${CONVERSATIONS} players … `);
    const players: Player[] = await pool(
      Array.from({ length: CONVERSATIONS }, (_, i) => i),
      SETUP_CONCURRENCY,
      async (i) => {
        const { accessToken } = await call<{ accessToken: string }>(
          http,
          server.baseUrl,
          'POST',
          '/api/player/register',
          {},
          {
            email: `bench-chat-${i}-${randomUUID().slice(0, 8)}@example.com`,
            password: 'bench password 0123',
            agreements: true,
            receiveEmailPromo: false,
            device: DEVICE,
          },
        );
        const id = (
          JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
            sub: string;
          }
        ).sub;
        const socket = client(wsUrl, accessToken);
        sockets.push(socket);
        await subscribe(socket, supportPlayerChannel(id), arrived);
        const opened = await call<{ message: { conversationId: string } }>(
          http,
          server.baseUrl,
          'POST',
          '/api/support/messages',
          { authorization: `Bearer ${accessToken}` },
          { text: `hello from ${i}`, clientMessageId: randomUUID(), locale: 'en' },
        );
        return { token: accessToken, id, conversationId: opened.message.conversationId, socket };
      },
    );

    // What the sign-ups set off runs in the background: the chat is measured without it.
    process.stdout.write(`quiet after ${fixed(await untilQuiet(server), 1)} s … `);
    process.stdout.write(`${ROUNDS} exchanges each … `);
    const slot = slots(IN_FLIGHT);
    /** A player's message through the player API, and an agent's answer through the console's. */
    const playerSays = (p: (typeof players)[number], text: string) =>
      PLAYER_SEND === 'socket'
        ? p.socket.rpc(SUPPORT_SEND_RPC, { text, clientMessageId: randomUUID(), locale: 'en' })
        : call(
            http,
            server.baseUrl,
            'POST',
            '/api/support/messages',
            { authorization: `Bearer ${p.token}` },
            { text, clientMessageId: randomUUID() },
          );
    const agentSays = (p: (typeof players)[number], text: string) =>
      AGENT_SEND === 'socket'
        ? console_.rpc(SUPPORT_ANSWER_RPC, { conversationId: p.conversationId, text })
        : call(
            http,
            server.baseUrl,
            'POST',
            `/api/admin/support/conversations/${p.conversationId}/messages`,
            staffHeaders,
            { text },
          );
    // A socket send holds no HTTP connection: only the HTTP calls share the pool's slots; the
    // console's calls in flight are bounded as HTTP's are (the gateway takes 64 at once).
    const meter = await cpuMeter(server.cpuSeconds, stats);
    const run = await exchanges(
      players,
      {
        player: playerSays,
        agent: agentSays,
        playerLimit: PLAYER_SEND === 'socket' ? unlimited : slot,
        agentLimit: slot,
      },
      delivery,
    );
    const cpu = await meter.per(run.toAgent.length + run.toPlayer.length);

    // Latency at a given load rather than at saturation: one message every 1/PACED_RATE s,
    // alternately a player's (conversation k) and the agent's answer to it, spread over all.
    const total = Math.round(PACED_RATE * PACED_SECONDS);
    const plan = pacedPlan({
      total,
      rate: PACED_RATE,
      conversations: players.length,
      spentPerPlayer: ROUNDS + 1,
    });
    if (plan.wait) {
      // The rounds' messages still count against the players' limit: let its window pass.
      process.stdout.write(`(waiting ${SUPPORT_MESSAGE_RATE.windowMs / 1000} s: message limit) `);
      await new Promise((resolve) => setTimeout(resolve, SUPPORT_MESSAGE_RATE.windowMs + 500));
    }
    process.stdout.write(
      `${PACED_RATE} msg/s for ${PACED_SECONDS} s (players ${fixed(plan.playerRate, 1)}/s) … `,
    );
    const pacedStart = performance.now();
    const paced = await Promise.all(
      plan.writers.map(async (writer, k) => {
        const due = pacedStart + (k * 1000) / PACED_RATE;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const text = `paced ${k}`;
        const seen = delivery(text);
        const at = performance.now();
        if ('player' in writer) {
          await playerSays(players[writer.player]!, text);
        } else {
          await agentSays(players[writer.agentTo]!, text);
        }
        return (await seen) - at;
      }),
    );
    paced.sort((a, b) => a - b);
    console.log('done');
    return {
      ...latenciesOf(run),
      seconds: run.seconds,
      cpu,
      paced: {
        rate: PACED_RATE,
        playerRate: plan.playerRate,
        messages: paced.length,
        p50: percentile(paced, 50),
        p99: percentile(paced, 99),
        max: paced.at(-1) ?? NaN,
      },
    };
  } finally {
    for (const s of sockets) s.disconnect();
    http.destroy();
    await stats?.pool.end();
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Coinfall support chat benchmark: ${CONVERSATIONS} conversations, ${ROUNDS} exchanges each, ` +
    `players write over ${PLAYER_SEND}, the agent over ${AGENT_SEND}, ` +
    `${IN_FLIGHT} HTTP calls in flight, ` +
    `${os.cpus().length} CPU(s), node ${process.version}, ` +
    `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}`,
);
process.stdout.write('gateway alone: plain … ');
const { plain, floor } = await gatewayAlone();
console.log('done');
const result = await chat();
const ratio = result.perSecond / plain.perSecond;
const floorRatio = floor.perSecond / plain.perSecond;

const latencyRows = (name: string, run: Latencies & { messages: number; perSecond: number }) => [
  [
    `${name}, player → agent console`,
    String(run.messages / 2),
    '',
    fixed(run.playerToAgent.p50, 1),
    fixed(run.playerToAgent.p99, 1),
  ],
  [
    `${name}, agent → player`,
    String(run.messages / 2),
    '',
    fixed(run.agentToPlayer.p50, 1),
    fixed(run.agentToPlayer.p99, 1),
  ],
  [
    `${name}, both ways, all at once`,
    String(run.messages),
    fixed(run.perSecond),
    fixed(run.all.p50, 1),
    fixed(run.all.p99, 1),
  ],
];
console.log(
  `\n${table([
    ['measure', 'messages', 'msg/s', 'p50 ms', 'p99 ms'],
    [
      'gateway alone (publish → delivery)',
      String(plain.deliveries),
      fixed(plain.perSecond),
      '',
      '',
    ],
    ...latencyRows("the chat's frames alone", floor),
    ...latencyRows('chat', result),
    [
      `chat, both ways, paced at ${PACED_RATE}/s`,
      String(result.paced.messages),
      '',
      fixed(result.paced.p50, 1),
      fixed(result.paced.p99, 1),
    ],
  ])}`,
);
console.log(
  `\nchat p99 delivery at ${PACED_RATE} msg/s = ${fixed(result.paced.p99, 1)} ms (target < ` +
    `${TARGET_P99_MS}; max ${fixed(result.paced.max, 1)} ms); all at once ` +
    `${fixed(result.all.p99, 1)} ms`,
);
console.log(`chat msg/s ÷ gateway alone = ${fixed(ratio, 3)} (target ≥ ${TARGET_RATIO})`);
const cpuRow = (name: string, cpu: CpuPerOp) => [
  name,
  fixed(cpu.bench, 3),
  fixed(cpu.server, 3),
  fixed(cpu.postgres, 3),
  fixed(cpu.bench + cpu.server + (Number.isNaN(cpu.postgres) ? 0 : cpu.postgres), 3),
];
console.log(
  `\n${table([
    ['CPU ms per message, all at once', 'bench', 'server', 'postgres', 'total'],
    cpuRow("the chat's frames alone (server: the gateway)", floor.cpu),
    cpuRow('chat', result.cpu),
  ])}`,
);
// What the frames allow: the chat's exchanges on the same gateway with no database behind them.
console.log(
  `the chat's frames alone ÷ gateway alone = ${fixed(floorRatio, 3)}; ` +
    `chat ÷ its frames alone = ${fixed(result.perSecond / floor.perSecond, 3)}`,
);

saveResults('support-chat', {
  settings: {
    conversations: CONVERSATIONS,
    rounds: ROUNDS,
    inFlight: IN_FLIGHT,
    plainPerChannel: PLAIN_PER_CHANNEL,
    pacedRate: PACED_RATE,
    pacedSeconds: PACED_SECONDS,
    database: process.env.DATABASE_URL ? 'postgresql' : 'embedded',
  },
  plain,
  floor,
  chat: result,
  ratio,
  floorRatio,
  targets: { p99Ms: TARGET_P99_MS, ratio: TARGET_RATIO },
});
