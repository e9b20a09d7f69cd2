/**
 * Auth benchmark (issue "Player accounts", Figures): starts the production server and measures,
 * side by side in one run on one machine,
 *   (a) raw argon2id verifications/s in this process with the server's own hasher and settings
 *       (the baseline: the hash is the only cost a login should have),
 *   (b) POST /api/player/sessions logins/s and p99 over many registered players; ratio a/b,
 *       target >= 0.8,
 *   (c) authenticated GET /api/player/profile req/s against (d) GET /api/health req/s (one
 *       database round trip, no auth); ratio c/d, target >= 0.5.
 * Prints a summary and writes bench/results/auth-<date>.json. Never fails on numbers.
 *
 *   npm run bench:auth
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50, for c and d),
 * BENCH_LOGIN_CONNECTIONS (default 16), BENCH_LOGIN_DURATION (s, default 3 × BENCH_DURATION),
 * BENCH_PLAYERS (default 64), DATABASE_URL (passed through).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createArgon2Hasher } from '../../apps/server/src/platform/password-hasher.ts';
import { CONNECTIONS, DURATION_S, WARMUP_S, fixed, load, table } from '../lib/load.ts';
import { ROOT, startServer } from '../lib/server.ts';

const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 16);
/** Logins are slow by design (argon2id): measured longer so the rate has enough samples. */
const LOGIN_DURATION_S = Number(process.env.BENCH_LOGIN_DURATION ?? 3 * DURATION_S);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
const PASSWORD = 'bench password 0123';
const DEVICE = { type: 'desktop', os: 'Linux', browser: 'autocannon' };
const LOGIN_TARGET = 0.8;
const PROFILE_TARGET = 0.5;

/** (a): verifications/s with as many in flight as the login load has connections. */
async function argon2VerificationsPerSecond(): Promise<number> {
  const hasher = createArgon2Hasher();
  const hash = await hasher.hash(PASSWORD);
  const run = async (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    let done = 0;
    const worker = async () => {
      while (Date.now() < until) {
        if (!(await hasher.verify(hash, PASSWORD))) throw new Error('argon2 verify failed');
        done += 1;
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: LOGIN_CONNECTIONS }, worker));
    return done / ((Date.now() - started) / 1000);
  };
  await run(WARMUP_S);
  return run(LOGIN_DURATION_S);
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function registerPlayers(baseUrl: string): Promise<string[]> {
  const run = Date.now().toString(36);
  const emails = Array.from({ length: PLAYERS }, (_, i) => `bench-${run}-${i}@example.com`);
  // A few at a time: registration hashes too, and the server has two cores.
  for (let i = 0; i < emails.length; i += 8) {
    await Promise.all(
      emails.slice(i, i + 8).map((email) =>
        post(`${baseUrl}/api/player/register`, {
          email,
          password: PASSWORD,
          agreements: true,
          receiveEmailPromo: false,
          device: DEVICE,
        }),
      ),
    );
  }
  return emails;
}

async function main(): Promise<void> {
  console.log(
    `Coinfall auth benchmark: ${WARMUP_S} s warm-up + ${DURATION_S} s per measure, ${os.cpus().length} CPU(s), node ${process.version}`,
  );
  const verifyRate = await argon2VerificationsPerSecond();

  const server = await startServer();
  try {
    const emails = await registerPlayers(server.baseUrl);
    const bodies = emails.map((email) =>
      JSON.stringify({ email, password: PASSWORD, device: DEVICE }),
    );
    let next = 0;
    const logins = await load(
      {
        url: `${server.baseUrl}/api/player/sessions`,
        connections: LOGIN_CONNECTIONS,
        // Queued behind argon2 a login may take seconds; a timeout would only hide throughput.
        timeout: 60,
        requests: [
          {
            method: 'POST',
            path: '/api/player/sessions',
            headers: { 'content-type': 'application/json' },
            // Round-robin over the players: per-account state (throttle counters) is spread.
            setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
          },
        ],
      },
      LOGIN_DURATION_S,
    );

    const { accessToken } = await post<{ accessToken: string }>(
      `${server.baseUrl}/api/player/sessions`,
      { email: emails[0], password: PASSWORD, device: DEVICE },
    );
    const profile = await load({
      url: `${server.baseUrl}/api/player/profile`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const health = await load({ url: `${server.baseUrl}/api/health` });

    const loginRatio = logins.requestsPerSecond / verifyRate;
    const profileRatio = profile.requestsPerSecond / health.requestsPerSecond;
    console.log(
      `\n${table([
        ['measure', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
        ...[
          ['argon2id verify (in process)', { requestsPerSecond: verifyRate }],
          [`POST /api/player/sessions (${LOGIN_CONNECTIONS} conn.)`, logins],
          [`GET /api/player/profile (${CONNECTIONS} conn.)`, profile],
          [`GET /api/health (${CONNECTIONS} conn.)`, health],
        ].map(([name, r]) => {
          const m = r as Partial<typeof logins>;
          return [
            name as string,
            fixed(m.requestsPerSecond ?? NaN, 1),
            fixed(m.p50Ms ?? NaN),
            fixed(m.p99Ms ?? NaN),
            String(m.non2xx ?? '-'),
            String(m.errors ?? '-'),
          ];
        }),
      ])}`,
    );
    console.log(
      `\nlogins/s ÷ argon2 verifies/s = ${fixed(loginRatio, 2)} (target ≥ ${LOGIN_TARGET})` +
        `\nprofile req/s ÷ health req/s = ${fixed(profileRatio, 2)} (target ≥ ${PROFILE_TARGET})`,
    );

    const resultsDir = path.join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `auth-${new Date().toISOString().slice(0, 10)}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          machine: { cpus: os.cpus().length, node: process.version },
          settings: {
            durationSeconds: DURATION_S,
            warmupSeconds: WARMUP_S,
            connections: CONNECTIONS,
            loginConnections: LOGIN_CONNECTIONS,
            loginDurationSeconds: LOGIN_DURATION_S,
            players: PLAYERS,
          },
          argon2VerifiesPerSecond: verifyRate,
          logins,
          profile,
          health,
          ratios: { loginsToVerifies: loginRatio, profileToHealth: profileRatio },
        },
        null,
        2,
      ),
    );
    console.log(`\nresults: ${path.relative(ROOT, file)}`);
  } finally {
    await server.stop();
  }
}

await main();
