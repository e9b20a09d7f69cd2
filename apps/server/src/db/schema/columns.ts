import { timestamp } from 'drizzle-orm/pg-core';

/** Every point in time is stored with its time zone (timestamptz). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
