import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { registerBody } from '../player/player-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A node on the same database that logs errors, into `lines`.
  app = await buildApp({
    config: { ...t.config, logLevel: 'info' },
    database: t.database,
    redis: t.redis,
    site: null,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  // Makes the registration's insert fail on the database for this email only.
  await t.database.db.execute(
    sql.raw(`alter table players add constraint refuses_marked_email
      check (email is null or email not like '%refused-by-test%')`),
  );
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the log of a failed statement', () => {
  it('has the SQL text, and none of the values bound to it', async () => {
    const body = registerBody({ email: `refused-by-test-${randomUUID()}@example.com` });
    const res = await app.inject({ method: 'POST', url: '/api/player/register', payload: body });
    expect(res.statusCode).toBe(500);

    const failed = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((entry) => entry.msg === 'request failed');
    expect(failed?.err?.query).toMatch(/^insert into "players"/);
    expect(failed?.err?.message).toMatch(/^Failed query: insert into "players"/);
    expect(failed?.err?.message).toContain('violates check constraint "refuses_marked_email"');
    const whole = lines.join('\n');
    expect(whole).not.toContain(body.email);
    expect(whole).not.toContain('refused-by-test');
    expect(whole).not.toContain('$argon2id$');
  });
});

describe('the log of a request', () => {
  it('has its path, never its query string (mailed codes and tokens travel there)', async () => {
    const secret = `secret-${randomUUID()}`;
    const res = await app.inject({
      method: 'GET',
      url: `/api/health?code=${secret}&token=${secret}`,
    });
    expect(res.statusCode).toBeLessThan(500);
    const logged = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .filter((entry) => entry.req?.url === '/api/health');
    expect(logged.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret);
  });
});
