/**
 * What the games and redis-cut benchmarks share: HTTP calls over keep-alive connections, and
 * registered players playing dice in Sweeps Coins through the server's sandbox credit.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const DEVICE = { type: 'desktop', os: 'Linux', browser: 'bench' };
/** The lowest SC bet level (packages/shared BET_LEVELS) at a 49.5 % win chance. */
export const DICE_ROUND = { bet: 20, params: { target: 50.5, direction: 'over' } };

/**
 * One keep-alive connection per client. node:http rather than fetch: the load generator shares
 * the machine with the server and PostgreSQL, and fetch cost ~2 ms of CPU per call here.
 */
export function keepAliveAgent(clients: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: clients });
}

/** One request; answers the status and the body text whatever the status. */
export async function request(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      {
        method,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: data }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One request that must succeed: its parsed JSON body, or an error naming the status. */
export async function call<T>(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const { status, text } = await request(agent, baseUrl, method, url, headers, body);
  if (status < 200 || status >= 300) {
    throw new Error(`${method} ${url}: ${status} ${text.slice(0, 200)}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The sandbox operator token the bench's servers accept (the coin credit is an operator tool). */
const BENCH_OPERATOR_TOKEN = `bench-operator-${randomUUID()}`;

/** Server settings for `dicePlayer`: the sandbox on (acknowledged in production) with our token. */
export const BENCH_SANDBOX_ENV = {
  SANDBOX: 'on',
  SANDBOX_IN_PRODUCTION: 'acknowledged',
  SANDBOX_OPERATOR_TOKEN: BENCH_OPERATOR_TOKEN,
} as const;

/**
 * A registered player playing dice in Sweeps Coins; answers its game-session token. `credit`:
 * the Sweeps Coins credited first, minor units.
 */
export async function dicePlayer(
  agent: http.Agent,
  baseUrl: string,
  tag: string,
  credit = 100_000_000,
): Promise<string> {
  const { accessToken } = await call<{ accessToken: string }>(
    agent,
    baseUrl,
    'POST',
    '/api/player/register',
    {},
    {
      email: `bench-${tag}-${randomUUID()}@example.com`,
      password: 'bench password 0123',
      agreements: true,
      receiveEmailPromo: false,
      device: DEVICE,
    },
  );
  const bearer = { authorization: `Bearer ${accessToken}` };
  const claims = JSON.parse(
    Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'),
  ) as { sub: string };
  const playerId = claims.sub;
  // The sandbox's operator credit (by default enough never to run out during a run).
  await call(
    agent,
    baseUrl,
    'POST',
    `/api/dev/players/${playerId}/sweeps-credit`,
    { authorization: `Bearer ${BENCH_OPERATOR_TOKEN}` },
    { amount: credit, playedThrough: true, requestKey: `bench-credit-${playerId}` },
  );
  const { data } = await call<{ data: { id: string; currency: string }[] }>(
    agent,
    baseUrl,
    'GET',
    '/api/wallet/accounts',
    bearer,
  );
  const sc = data.find((a) => a.currency === 'SC');
  if (!sc) throw new Error('no SC account after the credit');
  await call(agent, baseUrl, 'PUT', `/api/wallet/accounts/${sc.id}/switch`, bearer);
  const { launchUrl } = await call<{ launchUrl: string }>(
    agent,
    baseUrl,
    'POST',
    '/api/game/games/dice/play',
    bearer,
    { device: 'desktop' },
  );
  const token = /#token=([0-9a-f]+)$/.exec(launchUrl)?.[1];
  if (!token) throw new Error(`no token in ${launchUrl}`);
  await call(agent, baseUrl, 'POST', '/api/rgs/session', { authorization: `GameSession ${token}` });
  return token;
}
