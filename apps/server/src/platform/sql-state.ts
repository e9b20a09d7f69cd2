/** PostgreSQL's SQLSTATE codes that the modules answer as conflicts instead of failures. */
export const SQL_STATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/**
 * Whether PostgreSQL (or PGlite) answered `code`, on the error or a cause of it: drizzle wraps
 * the driver's error in its own.
 */
export function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
