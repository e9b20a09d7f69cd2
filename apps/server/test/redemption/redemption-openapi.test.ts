import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t.close());

type Operation = { tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> };

describe('OpenAPI of the redemption routes', () => {
  it.each([
    ['get', '/api/wallet/redeemable'],
    ['get', '/api/redeem-limits'],
    ['get', '/api/payment/methods/withdrawal'],
    ['post', '/api/payment/invoices/virtual-payout'],
    ['put', '/api/payment/invoices/{id}/decline'],
    ['get', '/api/payment/invoices'],
    ['get', '/api/payment/invoices/statistics'],
    ['get', '/api/player/w9'],
    ['post', '/api/player/w9'],
    ['get', '/api/segments'],
    ['post', '/api/dev/payouts/{id}/settle'],
    ['post', '/api/dev/players/{id}/sweeps-credit'],
  ])('%s %s has tags, security and a 200 response schema', async (method, path) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const spec = res.json<{ paths: Record<string, Record<string, Operation>> }>();
    const op = spec.paths[path]?.[method];
    expect(op?.tags?.length).toBeGreaterThan(0);
    expect(Array.isArray(op?.security)).toBe(true);
    expect(op?.responses?.['200']).toBeDefined();
  });
});
