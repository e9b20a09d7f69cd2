import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { ledgerTransactions } from './ledger.ts';
import { players } from './player.ts';
import { staff } from './staff.ts';

/**
 * Free entry by mail (AMOE, decision 035): a single-use request code a player generates and
 * writes on a postal request. `used_at` is set once, in the transaction that records the envelope.
 */
export const amoeCodes = pgTable(
  'amoe_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('amoe_codes_code_key').on(t.code),
    index('amoe_codes_player_idx').on(t.playerId, t.createdAt),
  ],
);

/**
 * A postal request staff recorded: one per envelope (its reference is unique) and one per code
 * (the code id is unique), with the Sweeps Coins it credited through the ledger.
 */
export const amoeRequests = pgTable(
  'amoe_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    codeId: uuid('code_id')
      .notNull()
      .references(() => amoeCodes.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    postmarkedOn: date('postmarked_on', { mode: 'string' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => staff.id),
    recordedAt: timestamptz('recorded_at').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
  },
  (t) => [
    uniqueIndex('amoe_requests_code_key').on(t.codeId),
    uniqueIndex('amoe_requests_reference_key').on(t.reference),
    index('amoe_requests_player_idx').on(t.playerId, t.postmarkedOn),
    check('amoe_requests_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Sweeps Coins expiry (decision 035): what the job did for a player's inactivity period — the
 * period starts at the last login (or the last expiry) — `days_before` 7 and 1 are the reminders
 * mailed, 0 the expiry itself (with its amount and posting). The key makes each happen once.
 */
export const sweepsExpiryNotices = pgTable(
  'sweeps_expiry_notices',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    periodStart: timestamptz('period_start').notNull(),
    daysBefore: integer('days_before').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    amount: bigint('amount', { mode: 'number' }),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.periodStart, t.daysBefore] }),
    index('sweeps_expiry_notices_expired_idx')
      .on(t.playerId, t.createdAt)
      .where(sql`${t.daysBefore} = 0`),
    check('sweeps_expiry_notices_days_check', sql`${t.daysBefore} >= 0`),
  ],
);
