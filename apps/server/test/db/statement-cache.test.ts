import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { cacheStatements } from '../../src/db/statement-cache.ts';

const url = process.env.DATABASE_URL;

/** The server-side prepared statements of this session, by their text. */
async function prepared(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; statement: string }>(
    'select name, statement from pg_prepared_statements',
  );
  return new Map(rows.map((r) => [r.statement, r.name]));
}

describe.runIf(Boolean(url))('statement cache (PostgreSQL)', () => {
  let client: pg.Client;
  beforeEach(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
    cacheStatements(client, { named: 2, seen: 3 });
  });
  afterEach(() => client.end());

  const add = 'select $1::int + 1 as n';

  it('names a parameterised text on its second run, and answers the same before and after', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push((await client.query<{ n: number }>(add, [i])).rows[0]!.n);
      if (i === 0) expect((await prepared(client)).has(add)).toBe(false);
      else expect((await prepared(client)).has(add)).toBe(true);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Without parameters (begin, commit, this very read) nothing is named.
    expect([...(await prepared(client)).keys()]).toEqual([add]);
  });

  it('keeps its own name on a statement that has one, and config objects keep their options', async () => {
    await client.query({ name: 'mine', text: add, values: [1] });
    await client.query({ name: 'mine', text: add, values: [2] });
    const res = await client.query({
      text: 'select $1::int as a, 2 as b',
      values: [1],
      rowMode: 'array',
    });
    const again = await client.query({
      text: 'select $1::int as a, 2 as b',
      values: [3],
      rowMode: 'array',
    });
    expect(res.rows).toEqual([[1, 2]]);
    expect(again.rows).toEqual([[3, 2]]);
    const names = await prepared(client);
    expect(names.get(add)).toBe('mine');
    expect(names.get('select $1::int as a, 2 as b')).toMatch(/^cf_/);
  });

  it('names no more texts than its limit: the others run unnamed, nothing is deallocated', async () => {
    const texts = ['select $1::int as a', 'select $1::int as b', 'select $1::int as c'];
    for (let i = 0; i < 3; i += 1) {
      for (const text of texts) {
        const { rows } = await client.query<Record<string, number>>(text, [i]);
        expect(Object.values(rows[0]!)).toEqual([i]);
      }
    }
    expect([...(await prepared(client)).keys()].sort()).toEqual([texts[0], texts[1]]);
  });

  it('a value node-postgres cannot send leaves the text runnable: it is prepared again', async () => {
    const json = 'select ($1::jsonb ->> $2)::int as v';
    await client.query(json, [{ v: 1 }, 'v']);
    await client.query(json, [{ v: 2 }, 'v']);
    expect((await prepared(client)).has(json)).toBe(true);
    // The bind fails in the client, which then closes the statement on the server.
    await expect(client.query(json, [{ v: 3n }, 'v'])).rejects.toThrow(/BigInt/);
    expect((await client.query<{ v: number }>(json, [{ v: 4 }, 'v'])).rows[0]!.v).toBe(4);
    expect((await client.query<{ v: number }>(json, [{ v: 5 }, 'v'])).rows[0]!.v).toBe(5);
    // Also through node-postgres' callback form, as pg-pool's `pool.query` calls it.
    const viaCallback = await new Promise<number>((resolve, reject) => {
      void client.query(json, [{ v: 6 }, 'v'], (err: Error | null, res: pg.QueryResult) =>
        err ? reject(err) : resolve((res.rows[0] as { v: number }).v),
      );
    });
    expect(viaCallback).toBe(6);
  });

  it('a statement first named in a transaction that failed is prepared again after it', async () => {
    await client.query(add, [1]);
    await client.query('begin');
    await expect(client.query('select 1/0')).rejects.toThrow(/division by zero/);
    // Its parse fails in the aborted transaction: node-postgres forgets it was submitted.
    await expect(client.query(add, [2])).rejects.toThrow(/aborted/);
    await client.query('rollback');
    expect((await client.query<{ n: number }>(add, [3])).rows[0]!.n).toBe(4);
    expect((await client.query<{ n: number }>(add, [4])).rows[0]!.n).toBe(5);
    expect((await prepared(client)).has(add)).toBe(true);
  });
});

describe.runIf(Boolean(url))('the app’s pools (PostgreSQL)', () => {
  it('name a query the second time a connection runs it, in both pools', async () => {
    const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://', poolSize: 1 });
    try {
      for (const db of [database.db, database.background]) {
        const names = await db.transaction(async (tx) => {
          for (let i = 0; i < 2; i += 1) await tx.execute(sql`select ${i}::int + 40 as n`);
          const result: unknown = await tx.execute(
            sql`select name from pg_prepared_statements where statement like '%+ 40 as n'`,
          );
          const { rows } = result as { rows: { name: string }[] };
          return rows.map((r) => r.name);
        });
        expect(names).toHaveLength(1);
        expect(names[0]).toMatch(/^cf_/);
      }
    } finally {
      await database.close();
    }
  });
});
