import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` / `serial` column. */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * A row id of a serial column (games, bundles…). Bounded like the column, so a larger number is
 * a 400 naming the field instead of an out-of-range error from the database.
 */
export const serialIdSchema = z.number().int().min(1).max(MAX_SERIAL_ID);

/** The same id in a path or query string. */
export const serialIdParamSchema = z.coerce.number().int().min(1).max(MAX_SERIAL_ID);
