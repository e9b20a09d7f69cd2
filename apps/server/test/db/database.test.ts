import { sql } from 'drizzle-orm';
import { seedDatabase } from '../../src/db/seed/index.ts';
import { currencies, locales } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (table: typeof currencies | typeof locales) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('database start-up', () => {
  it('applies migrations idempotently', async () => {
    await expect(t.database.migrate()).resolves.toBeUndefined();
    await expect(t.database.migrate()).resolves.toBeUndefined();
  });

  it('seeds reference data once, however often it runs', async () => {
    const before = { currencies: await count(currencies), locales: await count(locales) };
    expect(before).toEqual({ currencies: 5, locales: 3 });
    await seedDatabase(t.database.db);
    await seedDatabase(t.database.db);
    expect({ currencies: await count(currencies), locales: await count(locales) }).toEqual(before);
  });

  it('keeps an operator change to a seeded row when seeding again', async () => {
    await t.database.db.execute(sql`update currencies set rate = 99000 where code = 'BTC'`);
    await seedDatabase(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/core/currencies' });
    const btc = res
      .json<{ data: { code: string; rate: { rate: string } }[] }>()
      .data.find((c) => c.code === 'BTC');
    expect(btc?.rate.rate).toBe('99000');
  });
});
