import { randomUUID } from 'node:crypto';
import { errorBodySchema } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';

const LIMIT = 3;
const opened: TestApp[] = [];

async function node(prefix: string): Promise<TestApp> {
  const t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_KEY_PREFIX: prefix,
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
