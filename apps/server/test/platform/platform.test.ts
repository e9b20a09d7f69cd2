import { errorBodySchema, healthSchema } from '@coinfall/shared';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('reports the database reachable, the version and the uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthSchema.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({
      reachable: true,
      driver: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 degraded when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(healthSchema.parse(res.json())).toMatchObject({
      status: 'degraded',
      database: { reachable: false },
    });
    await other.close();
  });
});

describe('error model', () => {
  it('answers unknown API paths with 404 in the wire shape and echoes the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { 'x-request-id': 'req-abcdef123' },
    });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body).toMatchObject({ code: 'NOT_FOUND', requestId: 'req-abcdef123' });
    expect(res.headers['x-request-id']).toBe('req-abcdef123');
  });

  it('mints its own request id when the given one is not safe to log', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(res.json<{ requestId: string }>().requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('refuses bodies over the configured limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(t.config.bodyLimitBytes) }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json()).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('OpenAPI', () => {
  it('publishes every API route at /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/core/currencies',
        '/api/core/locales',
        '/api/core/countries',
        '/api/core/time-zones',
        '/api/core/settings',
        '/api/content/{locale}/manifest.json',
      ]),
    );
  });

  it('serves neither the reference nor the document with API_DOCS=off (production default)', async () => {
    const closed = await createTestApp({ API_DOCS: 'off' });
    try {
      for (const url of ['/api/docs/', '/api/openapi.json']) {
        expect((await closed.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await closed.close();
    }
  });

  it('serves the reference UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('security headers', () => {
  it('sends a CSP without unsafe-inline scripts and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends a Permissions-Policy, and HSTS only when the site is served over https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('fullscreen=(self)');
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const secure = await createTestApp({ PUBLIC_URL: 'https://play.example.com' });
    try {
      const over = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(over.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });

  it('uses a fresh script nonce for every response', async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec(
        String(
          (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
            'content-security-policy'
          ],
        ),
      )?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });
});
