/**
 * Realtime benchmark (issue 5): fan-out of one channel to BENCH_SOCKETS WebSocket clients, our
 * gateway against a raw `ws` broadcast loop over the same number of sockets, in the same run.
 * Each server runs in its own process (./gateway-node.ts, ./raw-node.ts); this process holds the
 * client sockets and counts what arrives.
 *   1. RSS of the server process before and after the sockets connect (and, for the gateway,
 *      subscribe as guests to `activity-board`) → RSS per idle connection, target ≤ 30 KB;
 *   2. a burst of BENCH_MESSAGES publications → delivered messages/s, gateway ÷ raw, target ≥ 0.7;
 *   3. BENCH_RATE publications/s for BENCH_STEADY_SECONDS → latency from publish to delivery
 *      (p50, p99) at that load (both processes read the same clock).
 * Prints a table, writes bench/results/realtime-<date>.json. Never fails on numbers.
 *
 *   npm run bench:realtime
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { REALTIME_PATHS } from '@coinfall/shared';
import { fixed, table } from '../lib/load.ts';
import { saveResults } from '../lib/results.ts';
import { ROOT } from '../lib/server.ts';
import type { BenchCommand, BenchPayload, BenchReply } from './ipc.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const BURST = Number(process.env.BENCH_MESSAGES ?? 40);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const STEADY_S = Number(process.env.BENCH_STEADY_SECONDS ?? 5);
const CONNECT_BATCH = 250;
const TARGET_RATIO = 0.7;
const TARGET_KB_PER_CONNECTION = 30;
const HERE = path.dirname(fileURLToPath(import.meta.url));

const nowMs = () => performance.timeOrigin + performance.now();

interface Server {
  port: number;
  command(command: BenchCommand): Promise<BenchReply>;
  stop(): Promise<void>;
}

async function startServer(file: string): Promise<Server> {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const child: ChildProcess = spawn(tsx, [path.join(HERE, file)], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_OPTIONS: '--expose-gc' },
  });
  const replies: ((reply: BenchReply) => void)[] = [];
  child.on('message', (reply: BenchReply) => replies.shift()?.(reply));
  const next = () => new Promise<BenchReply>((resolve) => replies.push(resolve));
  const ready = await next();
  if (ready.kind !== 'ready') throw new Error(`${file} did not start`);
  return {
    port: ready.port,
    command(command) {
      const reply = next();
      child.send(command);
      return reply;
    },
    async stop() {
      child.send({ kind: 'close' } satisfies BenchCommand);
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The client side: SOCKETS sockets, counting deliveries and their latencies. */
class Clients {
  private sockets: WebSocket[] = [];
  private received = 0;
  private expected = Infinity;
  private reached: (() => void) | undefined;
  latencies: number[] = [];

  constructor(private readonly protocol: 'centrifuge' | 'raw') {}

  private deliver(payload: BenchPayload) {
    this.latencies.push(nowMs() - payload.sentAt);
    this.received += 1;
    if (this.received === this.expected) this.reached?.();
  }

  private onFrame(socket: WebSocket, frame: string, subscribed: () => void) {
    if (this.protocol === 'raw') return this.deliver(JSON.parse(frame) as BenchPayload);
    for (const line of frame.split('\n')) {
      if (line === '{}')
        socket.send('{}'); // the server's ping: answer it
      else if (line.startsWith('{"push"')) {
        const push = JSON.parse(line) as { push: { pub?: { data: BenchPayload } } };
        if (push.push.pub) this.deliver(push.push.pub.data);
      } else if (line.startsWith('{"id":2,')) subscribed();
    }
  }

  private open(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      this.sockets.push(socket);
      socket.on('error', reject);
      socket.on('message', (data: Buffer) => this.onFrame(socket, data.toString('utf8'), resolve));
      socket.on('open', () => {
        if (this.protocol === 'raw') return resolve();
        socket.send(
          '{"id":1,"connect":{"name":"bench"}}\n{"id":2,"subscribe":{"channel":"activity-board","flag":1}}',
        );
      });
    });
  }

  async connect(url: string): Promise<void> {
    for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
      const batch = Math.min(CONNECT_BATCH, SOCKETS - i);
      await Promise.all(Array.from({ length: batch }, () => this.open(url)));
    }
  }

  /** Resolves when `count` more deliveries arrived (or rejects after `timeoutMs`). */
  expect(count: number, timeoutMs = 120_000): Promise<void> {
    this.received = 0;
    this.latencies = [];
    this.expected = count;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.received} of ${count} deliveries after ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.reached = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.sockets = [];
    await sleep(200);
  }
}

interface Result {
  rssPerConnectionKB: number;
  burstDeliveriesPerSecond: number;
  steadyDeliveries: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(
  name: string,
  file: string,
  protocol: 'centrifuge' | 'raw',
  urlPath: string,
) {
  const server = await startServer(file);
  const clients = new Clients(protocol);
  try {
    const before = await server.command({ kind: 'rss' });
    process.stdout.write(`${name}: connecting ${SOCKETS} sockets … `);
    await clients.connect(`ws://127.0.0.1:${server.port}${urlPath}`);
    await sleep(500);
    const after = await server.command({ kind: 'rss' });
    if (before.kind !== 'rss' || after.kind !== 'rss') throw new Error('no rss reply');

    process.stdout.write(`burst of ${BURST} … `);
    const burstDone = clients.expect(SOCKETS * BURST);
    const started = performance.now();
    await server.command({ kind: 'burst', messages: BURST });
    await burstDone;
    const burstS = (performance.now() - started) / 1000;

    process.stdout.write(`${RATE}/s for ${STEADY_S} s … `);
    const total = Math.round(RATE * STEADY_S);
    const steadyDone = clients.expect(SOCKETS * total);
    await server.command({ kind: 'steady', perSecond: RATE, seconds: STEADY_S });
    await steadyDone;
    const sorted = clients.latencies.sort((a, b) => a - b);
    console.log('done');
    return {
      rssPerConnectionKB: (after.bytes - before.bytes) / 1024 / SOCKETS,
      burstDeliveriesPerSecond: (SOCKETS * BURST) / burstS,
      steadyDeliveries: sorted.length,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
    } satisfies Result;
  } finally {
    await clients.close();
    await server.stop();
  }
}

console.log(
  `Coinfall realtime benchmark: ${SOCKETS} sockets, burst ${BURST} messages, steady ${RATE}/s × ` +
    `${STEADY_S} s, ${os.cpus().length} CPU(s), node ${process.version}`,
);
const raw = await measure('raw ws broadcast', 'raw-node.ts', 'raw', '/');
const gateway = await measure('gateway', 'gateway-node.ts', 'centrifuge', REALTIME_PATHS.websocket);
const ratio = gateway.burstDeliveriesPerSecond / raw.burstDeliveriesPerSecond;

console.log(
  `\n${table([
    ['server', 'delivered msg/s (burst)', 'p50 ms', 'p99 ms', 'RSS KB per idle socket'],
    ...(
      [
        ['raw ws broadcast loop (baseline)', raw],
        ['Coinfall gateway (Centrifuge protocol)', gateway],
      ] as [string, Result][]
    ).map(([label, r]) => [
      label,
      fixed(r.burstDeliveriesPerSecond),
      fixed(r.p50Ms, 2),
      fixed(r.p99Ms, 2),
      fixed(r.rssPerConnectionKB, 1),
    ]),
  ])}`,
);
console.log(`\ngateway ÷ raw delivered msg/s = ${fixed(ratio, 2)} (target ≥ ${TARGET_RATIO})`);
console.log(
  `gateway RSS per idle connection = ${fixed(gateway.rssPerConnectionKB, 1)} KB ` +
    `(target ≤ ${TARGET_KB_PER_CONNECTION}; server process, sockets connected and subscribed)`,
);
console.log(
  `gateway p99 publish → delivery at ${RATE} msg/s × ${SOCKETS} sockets = ` +
    `${fixed(gateway.p99Ms, 1)} ms (p50 ${fixed(gateway.p50Ms, 1)} ms)`,
);

saveResults('realtime', {
  settings: { sockets: SOCKETS, burst: BURST, rate: RATE, steadySeconds: STEADY_S },
  raw,
  gateway,
  ratio,
  targets: { ratio: TARGET_RATIO, kbPerConnection: TARGET_KB_PER_CONNECTION },
});
