import { PGlite } from '@electric-sql/pglite';
import { guardPgliteNesting, PgliteNestedCallError } from './pglite-deadlock-guard.ts';

describe('the embedded database refuses a root call from inside its own transaction', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    guardPgliteNesting(client);
    await client.exec('create table t (n int)');
  });
  afterAll(() => client.close());

  it('fails the nested call at once (unguarded it would wait forever) and rolls back', async () => {
    const attempt = client.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await client.query('select count(*) from t');
    });
    await expect(attempt).rejects.toBeInstanceOf(PgliteNestedCallError);
    await expect(
      client.transaction(async () => {
        await client.transaction(async () => undefined);
      }),
    ).rejects.toThrow(/transaction\) outside the transaction/);
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('lets the transaction handle work, and work started inside run after the commit', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.query('insert into t values (2)');
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() => client.query('select 1'));
    });
    await expect(later).resolves.toBeDefined();
    await client.exec('select 1');
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([
      { n: 1 },
    ]);
  });
});
