import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** A hot path's statement as text and parameter slots, built once at module load. */
export interface PreparedQuery {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();

/** Builds a statement's text once (its `sql.placeholder`s filled per run by `runPrepared`). */
export const toPrepared = (statement: SQL): PreparedQuery => dialect.sqlToQuery(statement);

/**
 * Runs a statement as a named prepared statement: node-postgres parses and plans it once per
 * connection; PGlite (one in-process connection) ignores the name. Same text, same result, both
 * drivers. Changing a statement's text means changing its name (node-postgres refuses a known
 * name with another text).
 */
export async function runPrepared<T>(
  tx: Database,
  query: PreparedQuery,
  name: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const result: unknown = await tx._.session
    .prepareQuery(query, undefined, name, false)
    .execute(params);
  return (result as { rows: T[] }).rows;
}

/**
 * `column = any($1::type[])`: a list condition whose text is the same whatever the list's length,
 * so a connection prepares it once (decision 073); `inArray` spells out one parameter per value,
 * a new text for every length. For the hot paths' lists of ids.
 */
export const anyOf = (
  column: SQL | AnyColumn,
  values: readonly (string | number)[],
  type: 'uuid' | 'int' | 'bigint' | 'text',
): SQL => sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;
