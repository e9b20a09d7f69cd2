import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { currencies } from './core.ts';
import { players } from './player.ts';

/** What a house account is for; the other side of every player posting (docs/decisions/010). */
export const HOUSE_PURPOSES = [
  'bankroll',
  'promotions',
  'purchases_clearing',
  'deposits_clearing',
  'redemptions_clearing',
] as const;
export type HousePurpose = (typeof HOUSE_PURPOSES)[number];
/** 'bonus': a player's bonus funds in one currency, kept apart from the cash (issue 14). */
export type LedgerOwnerKind = 'player' | 'bonus' | 'house';

/**
 * One account per owner per currency. A player account's balance is a cache of the sum of its
 * entries, kept in the posting's statement (checked by `npm run ledger:check`), and never below
 * zero (CHECK). A house account keeps no running balance — its balance is the sum of its entries
 * and may be negative, being the counterpart of what players hold: every player's postings meet
 * on it, and a row updated by each would serialise them all (decision 010). A CHECK keeps its
 * column at 0.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerKind: text('owner_kind').$type<LedgerOwnerKind>().notNull(),
    playerId: uuid('player_id').references(() => players.id),
    purpose: text('purpose').$type<HousePurpose>(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** Minor units of the currency. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** WalletAccountStatus: 1 active (one per player), 0 inactive. Always 0 for house accounts. */
    status: smallint('status').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_player_currency_key').on(t.playerId, t.currency, t.ownerKind),
    uniqueIndex('ledger_accounts_purpose_currency_key').on(t.purpose, t.currency),
    // At most one active account per player, whatever the race.
    uniqueIndex('ledger_accounts_player_active_key')
      .on(t.playerId)
      .where(sql`${t.status} = 1`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.ownerKind} = 'player' and ${t.playerId} is not null and ${t.purpose} is null)
        or (${t.ownerKind} = 'bonus' and ${t.playerId} is not null and ${t.purpose} is null
          and ${t.status} = 0)
        or (${t.ownerKind} = 'house' and ${t.playerId} is null and ${t.status} = 0
          and ${t.purpose} in ('bankroll', 'promotions', 'purchases_clearing', 'deposits_clearing',
            'redemptions_clearing'))`,
    ),
    check(
      'ledger_accounts_house_balance_check',
      sql`${t.ownerKind} <> 'house' or ${t.balance} = 0`,
    ),
    check(
      'ledger_accounts_player_balance_check',
      sql`${t.ownerKind} = 'house' or ${t.balance} >= 0`,
    ),
    check('ledger_accounts_status_check', sql`${t.status} in (0, 1)`),
    // Gold Coins have no cash value: they never reach the account redemptions are paid from.
    check(
      'ledger_accounts_gc_not_redeemable_check',
      sql`not (${t.currency} = 'GC' and ${t.purpose} = 'redemptions_clearing')`,
    ),
  ],
);

/** One balanced posting; the idempotency key makes a retried request a no-op. Insert-only. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    /** sha256 of the posting as requested: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    playerId: uuid('player_id').references(() => players.id),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  // Only the key is looked up. No index on player_id: no query reads by player yet, and every
  // index is written by every posting (decision 010, "What a posting costs").
  (t) => [uniqueIndex('ledger_transactions_idempotency_key_key').on(t.idempotencyKey)],
);

/**
 * Signed movements: + credits the account, − debits it. Insert-only (a trigger refuses the rest).
 * No foreign keys, by design (decision 010): the posting statement only ever books the
 * transaction row it has just inserted and accounts it has just updated, transactions and
 * accounts cannot be deleted (triggers), and `ledger:check` counts orphans — four foreign-key
 * checks per transfer were a cost that bought nothing more.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  // By transaction: replays and the invariants read a transaction's entries. By account: the
  // back office's player profile reads an account's latest entries (decision 031).
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);
