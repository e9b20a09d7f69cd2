import { DrizzleQueryError } from 'drizzle-orm/errors';
import { serializeError } from './error-serializer.ts';

/** What pg (and PGlite) throw: the row's values in `detail`, PGlite's bound values in `params`. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('serializeError', () => {
  const email = 'jane.doe@example.com';
  const tin = '123-45-6789';

  it('keeps the SQL text and the cause of a failed query, not its parameters', () => {
    const cause = databaseError('duplicate key value violates unique constraint "players_email"', {
      code: '23505',
      constraint: 'players_email',
      detail: `Key (email)=(${email}) already exists.`,
      params: [email, tin],
    });
    const err = new DrizzleQueryError(
      'insert into "players" ("email", "tin") values ($1, $2)',
      [email, tin],
      cause,
    );

    const logged = serializeError(err);

    expect(logged.query).toBe('insert into "players" ("email", "tin") values ($1, $2)');
    expect(logged.message).toContain('Failed query: insert into "players"');
    expect(logged.message).toContain('violates unique constraint "players_email"');
    expect(logged.stack).toContain('caused by:');
    expect(logged).not.toHaveProperty('params');
    const text = JSON.stringify(logged);
    expect(text).not.toContain(email);
    expect(text).not.toContain(tin);
  });

  it('drops the row values PostgreSQL puts in detail and where, keeping code and constraint', () => {
    const err = databaseError('new row for relation "players" violates check constraint "tin"', {
      code: '23514',
      constraint: 'tin',
      table: 'players',
      detail: `Failing row contains (1, ${email}, ${tin}).`,
      where: `SQL statement "insert into players values ('${email}')"`,
    });

    const logged = serializeError(err);

    expect(logged).toMatchObject({ code: '23514', constraint: 'tin', table: 'players' });
    expect(JSON.stringify(logged)).not.toContain(email);
  });

  it('leaves other errors as pino shows them', () => {
    const logged = serializeError(Object.assign(new Error('boom'), { code: 'E_BOOM' }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
    expect(logged.stack).toContain('boom');
  });
});
