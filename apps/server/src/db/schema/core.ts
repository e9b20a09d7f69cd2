import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  type: text('type', { enum: ['fiat', 'crypto', 'virtual'] }).notNull(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  isBase: boolean('is_base').notNull().default(false),
  subunitToUnit: integer('subunit_to_unit').notNull(),
  /** Value of one unit in the base currency; numeric keeps it exact. */
  rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
  rateUpdatedAt: timestamp('rate_updated_at', { withTimezone: true }).notNull().defaultNow(),
  subCurrencies: text('sub_currencies').array().notNull().default([]),
  position: integer('position').notNull().default(0),
});

export const locales = pgTable('locales', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  isEnabled: boolean('is_enabled').notNull().default(true),
  position: integer('position').notNull().default(0),
});
