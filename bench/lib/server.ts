import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupCpuSeconds } from './proc-stat.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/src/main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

export interface BenchServer {
  baseUrl: string;
  stop: () => Promise<void>;
  /** CPU seconds used so far by the server's processes (tsx and the node it runs); NaN off Linux. */
  cpuSeconds: () => number;
}

/**
 * Starts the production server (apps/server/src/main.ts) in its own process on a free port of
 * 127.0.0.1 with a fresh temporary DATA_DIR, and waits for /api/health. `env` adds settings.
 */
export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coinfall-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SHUTDOWN_GRACE_MS: '2000',
    // The load generator is one client; the API limit must not shape the numbers.
    RATE_LIMIT_PER_MINUTE: '10000000',
    // …and it signs every player up from one address.
    REGISTRATIONS_PER_IP_PER_HOUR: '10000000',
    ...env,
  };
  const databaseUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    childEnv.DATABASE_URL = databaseUrl;
    // A production node on a shared database must be given its signing key.
    childEnv.JWT_SECRET = 'bench-jwt-secret-not-for-production-0123456789';
  }

  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  // Its own process group, so stopping it also stops the node process tsx starts.
  const child: ChildProcess = spawn(tsx, [...NODE_ARGS, SERVER_MAIN], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => ((exited = true), resolve())),
  );

  const stop = async () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 8_000);
      await exitedPromise;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error('the server exited before it became healthy');
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { baseUrl, stop, cpuSeconds: () => groupCpuSeconds(child.pid ?? -1) };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('the server did not become healthy within 120 s');
}

/**
 * Waits until the server has done its background work (what sign-ups set off: quest enrolment,
 * segments, loyalty — consumers of the outbox), so the next measure does not share the CPU with
 * it: until it uses less than `busyShare` of a core over `stepMs`, or `maxMs` passed. Answers
 * the seconds waited; NaN off Linux (no CPU reading: it does not wait).
 */
export async function untilQuiet(
  server: Pick<BenchServer, 'cpuSeconds'>,
  options: { busyShare?: number; stepMs?: number; maxMs?: number } = {},
): Promise<number> {
  const { busyShare = 0.1, stepMs = 500, maxMs = 120_000 } = options;
  const started = performance.now();
  let before = server.cpuSeconds();
  if (Number.isNaN(before)) return NaN;
  while (performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, stepMs));
    const now = server.cpuSeconds();
    if (now - before < (busyShare * stepMs) / 1000) break;
    before = now;
  }
  return (performance.now() - started) / 1000;
}
