import type pg from 'pg';

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
 * - At most `named` statements per connection: beyond that the least recently used one is
 *   deallocated on the server. Names are never reused, so a query queued before the
 *   deallocation still finds its statement.
 * - Statements live as long as their connection; a pool that replaces a connection starts
 *   afresh. A pooler in transaction mode (PgBouncer) would break this, as it breaks any
 *   server-side prepared statement: we connect to PostgreSQL directly.
 */
export interface StatementCacheLimits {
  /** Named statements kept per connection. */
  named: number;
  /** Texts remembered as seen once, waiting for a second run. */
  seen: number;
}

const DEFAULT_LIMITS: StatementCacheLimits = { named: 200, seen: 500 };

interface QueryConfigLike {
  text: string;
  name?: string;
  values?: unknown[];
  submit?: unknown;
}

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

/** What node-postgres remembers of the statements a connection has parsed. */
interface ParsedStatements {
  connection?: { parsedStatements?: Record<string, string> };
}

/** Turns on the cache for one connection (a pool's `connect` event hands each new one). */
export function cacheStatements(
  client: pg.ClientBase,
  limits: StatementCacheLimits = DEFAULT_LIMITS,
): void {
  const seen = new Set<string>();
  /** Text → name, least recently used first. */
  const named = new Map<string, string>();
  let next = 0;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;

  function forget(text: string, name: string): void {
    named.delete(text);
    // Queued behind every query already given this name, so they all run first.
    void (query(`deallocate "${name}"`) as Promise<unknown>)
      .catch(() => undefined)
      .finally(() => {
        delete (client as unknown as ParsedStatements).connection?.parsedStatements?.[name];
      });
  }

  function nameOf(text: string): string | undefined {
    const name = named.get(text);
    if (name !== undefined) {
      named.delete(text);
      named.set(text, name);
      return name;
    }
    if (!seen.has(text)) {
      seen.add(text);
      if (seen.size > limits.seen) seen.delete(seen.values().next().value as string);
      return undefined;
    }
    seen.delete(text);
    const fresh = `cf_${(next += 1)}`;
    named.set(text, fresh);
    if (named.size > limits.named) {
      const [oldText, oldName] = named.entries().next().value as [string, string];
      forget(oldText, oldName);
    }
    return fresh;
  }

  (client as { query: unknown }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    const plain = nameable(config, values);
    const name = plain && nameOf(plain.text);
    if (plain && name) return query({ ...plain, name }, values, callback);
    return query(config, values, callback);
  };
}
