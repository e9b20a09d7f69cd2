import { randomUUID } from 'node:crypto';
import { errorBodySchema } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';

const LIMIT = 3;
const opened: TestApp[] = [];

async function node(prefix: string, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_KEY_PREFIX: prefix,
    ...env,
  });
  opened.push(t);
  return t;
}

afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});

const get = (t: TestApp, url = '/api/core/locales') =>
  t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });

describe('API rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After once a client spends its budget', async () => {
    const t = await node(`test:${randomUUID()}:`);
    for (let i = 0; i < LIMIT; i += 1) expect((await get(t)).statusCode).toBe(200);
    const refused = await get(t);
    expect(refused.statusCode).toBe(429);
    expect(errorBodySchema.parse(refused.json()).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never throttles the health check that load balancers poll', async () => {
    const t = await node(`test:${randomUUID()}:`);
    for (let i = 0; i < LIMIT + 2; i += 1)
      expect((await get(t, '/api/health')).statusCode).toBe(200);
  });

  it.runIf(Boolean(process.env.REDIS_URL))(
    'shares one budget across nodes through Redis',
    async () => {
      const prefix = `test:${randomUUID()}:`;
      const [a, b] = [await node(prefix), await node(prefix)];
      expect((await get(a)).statusCode).toBe(200);
      expect((await get(b)).statusCode).toBe(200);
      expect((await get(a)).statusCode).toBe(200);
      expect((await get(b)).statusCode).toBe(429);
    },
  );
});

describe('the client address every limit keys on', () => {
  const from = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/core/locales',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('ignores X-Forwarded-For unless a proxy is trusted: a rotated header buys nothing', async () => {
    const t = await node(`test:${randomUUID()}:`);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) {
      statuses.push((await from(t, '203.0.113.8', `198.51.100.${i + 1}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('takes the address the trusted hop saw (TRUST_PROXY=1)', async () => {
    const t = await node(`test:${randomUUID()}:`, { TRUST_PROXY: '1' });
    for (let i = 0; i < LIMIT + 2; i += 1) {
      // A forged entry first, then what the proxy appended: only the last one counts.
      const res = await from(t, '10.0.0.2', `6.6.6.6, 198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(200);
    }
    const sameClient = [];
    for (let i = 0; i < LIMIT; i += 1) {
      sameClient.push((await from(t, '10.0.0.2', `6.6.6.${i}, 198.51.100.1`)).statusCode);
    }
    expect(sameClient).toEqual([200, 200, 429]);
  });

  it('believes only the listed proxies (TRUST_PROXY as CIDR ranges)', async () => {
    const t = await node(`test:${randomUUID()}:`, { TRUST_PROXY: '10.0.0.0/8' });
    for (let i = 0; i < LIMIT + 1; i += 1) {
      expect((await from(t, '10.1.2.3', `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    const direct = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      direct.push((await from(t, '203.0.113.9', `198.51.100.${i + 50}`)).statusCode);
    }
    expect(direct).toEqual([200, 200, 200, 429]);
  });
});
