import pg from 'pg';

/**
 * Server-side prepared statements for every repeated query of a PostgreSQL connection (decision
 * 073). node-postgres sends a query with parameters as an unnamed statement, which PostgreSQL
 * parses and plans at every run: on the rounds bench that was a third of the database's time
 * per statement. Here a parameterised query whose text this connection ran before gets a name,
 * so the server parses it once per connection and, from its sixth run, may keep a generic plan
 * (PostgreSQL's own choice, `plan_cache_mode = auto`). The hot paths that name their statements
 * themselves (db/prepared.ts) keep their names.
 *
 * - A text is named on its second run, not its first: a text run once (a list of n values
 *   spelled out) costs what it cost before, and does not take a slot.
 * - At most `named` texts per connection; once they are taken, other texts run unnamed, as
 *   without the cache. Nothing is ever deallocated: a `DEALLOCATE` sent on a connection runs in
 *   whatever transaction it is in, and one that failed would abort it. The pools recycle their
 *   connections (`STATEMENT_CACHE_LIFETIME_S`), so what a connection holds follows what runs.
 * - A run that failed before it reached the server (a parameter node-postgres cannot send), or
 *   that found its statement gone, forgets the name: the next run prepares the text afresh.
 * - A pooler in transaction mode (PgBouncer) would break this, as it breaks any server-side
 *   prepared statement: we connect to PostgreSQL directly.
 */
export interface StatementCacheLimits {
  /** Texts named per connection. */
  named: number;
  /** Texts remembered as seen once, waiting for a second run. */
  seen: number;
}

const DEFAULT_LIMITS: StatementCacheLimits = { named: 100, seen: 500 };

/** How long a pooled connection lives, so its named statements follow what the app runs now. */
export const STATEMENT_CACHE_LIFETIME_S = 3600;

/** SQLSTATE invalid_sql_statement_name: the statement is not on the server. */
const STATEMENT_GONE = '26000';

interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
  submit?: unknown;
}

type Callback = (err: Error | null, result?: unknown) => void;

/**
 * A plain query with parameters and no name of its own, as a config (text or config object):
 * what the cache may name. Null for anything else — a submittable, a named query, a query
 * without parameters (node-postgres sends those by the simple protocol: begin, commit).
 */
function nameable(config: unknown, values: unknown): QueryConfigLike | null {
  const c: Partial<QueryConfigLike> | null =
    typeof config === 'string'
      ? { text: config }
      : typeof config === 'object' && config !== null
        ? config
        : null;
  if (!c || typeof c.text !== 'string' || c.name !== undefined || c.submit !== undefined) {
    return null;
  }
  const params = Array.isArray(values) ? values : c.values;
  return Array.isArray(params) && params.length > 0 ? (c as QueryConfigLike) : null;
}

/** What node-postgres remembers of the statements a connection parsed or is parsing. */
interface ConnectionStatements {
  connection?: {
    parsedStatements?: Record<string, string>;
    submittedNamedStatements?: Record<string, string>;
  };
}

/** Turns on the cache for one connection (a pool's `connect` event hands each new one). */
export function cacheStatements(
  client: pg.ClientBase,
  limits: StatementCacheLimits = DEFAULT_LIMITS,
): void {
  const seen = new Set<string>();
  const named = new Map<string, string>();
  let next = 0;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;

  function nameOf(text: string): string | undefined {
    const name = named.get(text);
    if (name !== undefined) return name;
    if (!seen.has(text)) {
      seen.add(text);
      if (seen.size > limits.seen) seen.delete(seen.values().next().value as string);
      return undefined;
    }
    if (named.size >= limits.named) return undefined;
    seen.delete(text);
    const fresh = `cf_${(next += 1)}`;
    named.set(text, fresh);
    return fresh;
  }

  /**
   * After a failed run: an error the server did not send (node-postgres could not bind a value,
   * and closed the statement) or a statement the server no longer has leaves node-postgres
   * believing it is parsed; forget it, so the next run of the text parses it again.
   */
  function afterError(text: string, name: string, err: unknown): void {
    const gone =
      !(err instanceof pg.DatabaseError) || (err as { code?: string }).code === STATEMENT_GONE;
    if (!gone || named.get(text) !== name) return;
    named.delete(text);
    const statements = (client as unknown as ConnectionStatements).connection;
    delete statements?.parsedStatements?.[name];
    delete statements?.submittedNamedStatements?.[name];
  }

  (client as { query: unknown }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    const plain = nameable(config, values);
    const name = plain && nameOf(plain.text);
    if (!plain || !name) return query(config, values, callback);
    const { text } = plain;
    const done = [values, callback].find((f): f is Callback => typeof f === 'function');
    if (done) {
      const reported: Callback = (err, result) => {
        if (err) afterError(text, name, err);
        done(err, result);
      };
      return query({ ...plain, name }, Array.isArray(values) ? values : undefined, reported);
    }
    return (query({ ...plain, name }, values) as Promise<unknown>).catch((err: unknown) => {
      afterError(text, name, err);
      throw err;
    });
  };
}
