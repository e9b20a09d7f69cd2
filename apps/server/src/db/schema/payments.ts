import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  InvoiceNextAction,
  PaymentMethodType,
  SegmentRecheckStateValue,
  SegmentRule,
} from '@coinfall/shared';
import { timestamptz } from './columns.ts';
import { currencies } from './core.ts';
import { ledgerTransactions } from './ledger.ts';
import { players } from './player.ts';

/** Spec §3 "Segment": flags that change behaviour for the players listed in players.segment_ids. */
export const segments = pgTable(
  'segments',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    itHasPurchases: boolean('it_has_purchases').notNull().default(false),
    isForTesting: boolean('is_for_testing').notNull().default(false),
    w9Required: boolean('w9_required').notNull().default(false),
    w9Received: boolean('w9_received').notNull().default(false),
    /**
     * Null: a flag segment, its members written into players.segment_ids by the code that decides
     * them (W-9, testers). Set: a rule-based segment (decision 050), its members computed from the
     * player's data and kept in segment_memberships and mirrored into players.segment_ids.
     */
    rule: jsonb('rule').$type<SegmentRule>(),
    /** What the segment is for, in staff's words (the back-office editor, decision 062). */
    description: text('description').notNull().default(''),
    /** Bumped by every edit of the rule and by the retirement: what a re-check runs for. */
    rulesVersion: integer('rules_version').notNull().default(1),
    /**
     * The background re-check (decision 064): `re-checking` while it walks the players by id
     * (`recheck_after` is the last one done, committed with each batch, so a restarted node
     * resumes there); an edit meanwhile starts it over from the first player.
     */
    recheckState: text('recheck_state')
      .$type<SegmentRecheckStateValue>()
      .notNull()
      .default('current'),
    recheckAfter: uuid('recheck_after'),
    recheckChecked: integer('recheck_checked').notNull().default(0),
    recheckTotal: integer('recheck_total').notNull().default(0),
    recheckStartedAt: timestamptz('recheck_started_at'),
    recheckFinishedAt: timestamptz('recheck_finished_at'),
    /** Retired: kept for history and audit, no members, never re-targeted (decision 064). */
    retiredAt: timestamptz('retired_at'),
  },
  (t) => [
    check('segments_recheck_state_check', sql`${t.recheckState} in ('current', 're-checking')`),
  ],
);

/**
 * Members of rule-based segments (decision 050) and since when; the segments module keeps it
 * and players.segment_ids (what every reader uses) in step, in one transaction.
 */
export const segmentMemberships = pgTable(
  'segment_memberships',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    segmentId: integer('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    since: timestamptz('since').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.segmentId] }),
    index('segment_memberships_segment_idx').on(t.segmentId),
  ],
);

/** Gold Coin bundles on sale: priced in a fiat currency, with bonus Sweeps Coins. */
export const bundles = pgTable(
  'bundles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    identity: text('identity').notNull(),
    priceAmount: bigint('price_amount', { mode: 'number' }).notNull(),
    priceCurrency: text('price_currency')
      .notNull()
      .references(() => currencies.code),
    goldCoins: bigint('gold_coins', { mode: 'number' }).notNull(),
    sweepsCoins: bigint('sweeps_coins', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    badge: text('badge').$type<'popular' | 'best-value' | 'first-purchase'>(),
    /** The sale window (decision 055): outside it the bundle is neither listed nor sold. */
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bundles_identity_key').on(t.identity),
    check(
      'bundles_window_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      'bundles_amounts_check',
      sql`${t.priceAmount} > 0 and ${t.goldCoins} > 0 and ${t.sweepsCoins} >= 0`,
    ),
  ],
);

/**
 * Money in or out through a payment provider (spec §3 "Invoice"). Status follows spec §4 and only
 * moves forward: pending/processing → success or rejected, both final.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** InvoiceType: 1 deposit, 2 withdrawal, 3 purchase, 4 virtual payout. */
    type: smallint('type').notNull(),
    /** InvoiceStatus: 1 pending, 2 success, 3 rejected, 4 processing. */
    status: smallint('status').notNull().default(1),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** The amount in base-currency minor units at the rate of the day it was created. */
    amountBase: bigint('amount_base', { mode: 'number' }).notNull(),
    paymentMethodId: text('payment_method_id'),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>(),
    paymentMethodName: text('payment_method_name'),
    purchaseId: uuid('purchase_id'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    nextAction: jsonb('next_action').$type<InvoiceNextAction>(),
    /** The ledger posting that credited, or held, the money; the settlement posting for payouts. */
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    settlementTransactionId: uuid('settlement_transaction_id').references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
    /**
     * When the expiry job last claimed this open invoice to ask its provider to cancel it
     * (decision 039): a lease, so two nodes never ask twice at once and a failed ask is retried.
     */
    abandonCheckedAt: timestamptz('abandon_checked_at'),
    /**
     * When a staff approval claimed this pending payout to send it to the provider (decision
     * 070): from then on neither the player's decline nor a staff reject releases the held
     * coins — the provider may be paying — and another approval waits out the claim. Cleared
     * only when the provider refused it outright.
     */
    payoutSentAt: timestamptz('payout_sent_at'),
    /**
     * A purchase paid at the provider but refused at settlement because its player took a break
     * or self-excluded (`player_excluded`, decision 046): when the refund job last claimed it (a
     * lease, as above); the provider's answer — `refunded` with its refund reference, or
     * `not_refundable` with its reason (the operator's then) — and when it came.
     */
    refundCheckedAt: timestamptz('refund_checked_at'),
    refundStatus: text('refund_status').$type<'refunded' | 'not_refundable'>(),
    refundRef: text('refund_ref'),
    refundAnsweredAt: timestamptz('refund_answered_at'),
  },
  (t) => [
    index('invoices_player_created_idx').on(t.playerId, t.createdAt),
    index('invoices_player_type_status_idx').on(t.playerId, t.type, t.status),
    // The expiry job's scan: only open invoices, oldest first (decision 039).
    index('invoices_open_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in (1, 4)`),
    uniqueIndex('invoices_provider_ref_key').on(t.provider, t.providerRef),
    // The refund job's scan: refused paid purchases not refunded yet (decision 046), a handful.
    index('invoices_refund_due_idx')
      .on(t.createdAt)
      .where(sql`${t.failureCode} = 'player_excluded' and ${t.refundStatus} is null`),
    check('invoices_type_check', sql`${t.type} in (1, 2, 3, 4)`),
    check('invoices_status_check', sql`${t.status} in (1, 2, 3, 4)`),
    check('invoices_amount_check', sql`${t.amount} > 0 and ${t.amountBase} >= 0`),
    check(
      'invoices_processed_check',
      sql`(${t.status} in (2, 3)) = (${t.processedAt} is not null)`,
    ),
  ],
);

/** Spec §3 "Bundle purchase": status 1 while the flow is open; any other status ends it. */
export const bundlePurchases = pgTable(
  'bundle_purchases',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id),
    bundleIdentity: text('bundle_identity').notNull(),
    /** PurchaseStatus: 1 in progress, 2 completed, 3 failed. */
    status: smallint('status').notNull().default(1),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    goldCoins: bigint('gold_coins', { mode: 'number' }).notNull(),
    sweepsCoins: bigint('sweeps_coins', { mode: 'number' }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bundle_purchases_player_idx').on(t.playerId, t.createdAt),
    // The expiry job's scan of purchases never paid (decision 039).
    index('bundle_purchases_open_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 1`),
    check('bundle_purchases_status_check', sql`${t.status} in (1, 2, 3)`),
  ],
);

/**
 * The first answer to each money-moving request, by the caller's Idempotency-Key: a retry gets
 * it back byte for byte; the same key with another body is refused by request_hash.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being handled. */
    statusCode: smallint('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.key] })],
);

/** Every provider webhook accepted once: a duplicate delivery finds its id here and changes nothing. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** What the event did: applied, ignored (stale or out of order), unknown_invoice. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Big-deposit alerts (spec §9: 24 h successful deposits reach 300 base units), sent or not. */
export const bigDepositAlerts = pgTable(
  'big_deposit_alerts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** Successful deposits and purchases of the 24 h ending at the invoice, base minor units. */
    totalBase: bigint('total_base', { mode: 'number' }).notNull(),
    /** sent, failed, or not_configured (no webhook URL): recorded either way. */
    delivery: text('delivery').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('big_deposit_alerts_invoice_key').on(t.invoiceId),
    index('big_deposit_alerts_player_idx').on(t.playerId, t.createdAt),
  ],
);

/**
 * Sweeps Coins credits and their playthrough: each must be wagered 1x before it counts as
 * redeemable. Wagers are applied oldest credit first.
 */
export const sweepsCredits = pgTable(
  'sweeps_credits',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    source: text('source')
      .$type<'purchase' | 'bonus' | 'promotion' | 'adjustment' | 'amoe'>()
      .notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('sweeps_credits_transaction_key').on(t.ledgerTransactionId),
    index('sweeps_credits_open_idx')
      .on(t.playerId, t.createdAt)
      .where(sql`${t.completedAt} is null`),
    check(
      'sweeps_credits_wagered_check',
      sql`${t.amount} > 0 and ${t.wagered} >= 0 and ${t.wagered} <= ${t.amount}`,
    ),
  ],
);

/** A W-9 on file (the w9 modal). The TIN itself is never stored: its HMAC and last four digits. */
export const w9Forms = pgTable('w9_forms', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id),
  legalName: text('legal_name').notNull(),
  tinHash: text('tin_hash').notNull(),
  tinLast4: text('tin_last4').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  region: text('region').notNull(),
  postalCode: text('postal_code').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
