import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '@coinfall/shared';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';

/**
 * The back office's accounts (issue 17, decision 031): never players, never in `players`. A
 * staff member signs in with a password and a TOTP code; `totp_secret` is null until enrolment.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stored lowercased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** Base32 TOTP secret once enrolled. */
    totpSecret: text('totp_secret'),
    /** The secret shown at enrolment until its first code is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is good once (no replay within its 30 s). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamptz('disabled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_email_key').on(t.email)],
);

/** One-time codes that stand in for a lost authenticator; only their SHA-256 is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [uniqueIndex('staff_recovery_codes_hash_key').on(t.staffId, t.codeHash)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Every request moves it; past the idle timeout the session ends. */
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [index('staff_sessions_staff_created_idx').on(t.staffId, t.createdAt)],
);

/**
 * Every staff action, written in the action's own transaction. Insert-only: a trigger
 * (migration 0024) refuses UPDATE and DELETE, so the trail cannot be edited through the app.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_target_idx').on(t.targetId, t.at),
    index('staff_audit_staff_idx').on(t.staffId, t.at),
  ],
);

/** 1 waiting for a second staff member's approval, 2 applied (posted to the ledger). */
/** Rejected: a second staff member (or its requester) turned a pending one down; nothing moved. */
export const AdjustmentStatus = { Pending: 1, Applied: 2, Rejected: 3 } as const;

/** Manual balance adjustments; above the four-eyes amount they wait for a second approver. */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    currency: text('currency').notNull(),
    /** Minor units; negative takes from the player. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: smallint('status').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staff.id),
    requestKey: text('request_key').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => staff.id),
    appliedAt: timestamptz('applied_at'),
    ledgerTransactionId: uuid('ledger_transaction_id'),
  },
  (t) => [
    uniqueIndex('balance_adjustments_request_key').on(t.requestedBy, t.requestKey),
    index('balance_adjustments_status_idx').on(t.status, t.requestedAt),
    // What one player's balance took without approval over the last day (decision 070).
    index('balance_adjustments_player_idx').on(t.playerId, t.currency, t.appliedAt),
  ],
);
