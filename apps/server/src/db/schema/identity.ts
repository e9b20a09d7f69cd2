import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { OTP_REASONS } from '@coinfall/shared';
import { players } from './player.ts';

/** A player's account at an OpenID Connect provider (social login), by issuer subject. */
export const playerIdentities = pgTable(
  'player_identities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The connection name of the site route /auth/social/{connection}/callback. */
    connection: text('connection').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLoginAt: timestamptz('last_login_at'),
  },
  (t) => [
    uniqueIndex('player_identities_connection_subject_key').on(t.connection, t.subject),
    index('player_identities_player_idx').on(t.playerId),
  ],
);

/**
 * One social login in progress: the OAuth state names it, and it keeps the PKCE verifier and
 * nonce on the server so the browser (which calls the API without cookies) only carries state.
 */
export const socialLoginAttempts = pgTable(
  'social_login_attempts',
  {
    state: text('state').primaryKey(),
    connection: text('connection').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('social_login_attempts_expires_idx').on(t.expiresAt)],
);

/**
 * A code sent by SMS. Short numeric codes are not unique, so a code is always looked up by its
 * player; `attempts` caps guessing, only the hash is kept.
 */
export const playerOtps = pgTable(
  'player_otps',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: OTP_REASONS }).notNull(),
    /** The E.164 number the code went to; verifying confirms this number. */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('player_otps_player_reason_idx').on(t.playerId, t.reason, t.createdAt)],
);

export const KYC_CHECK_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycCheckStatus = (typeof KYC_CHECK_STATUSES)[number];

/** A player's identity check at the KYC provider (tsevo), one row per provider reference. */
export const kycChecks = pgTable(
  'kyc_checks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    status: text('status', { enum: KYC_CHECK_STATUSES }).notNull().default('pending'),
    /** What the provider answered last (reason codes), for staff; never shown raw to players. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_checks_provider_reference_key').on(t.provider, t.providerReference),
    index('kyc_checks_player_idx').on(t.playerId, t.createdAt),
  ],
);

/**
 * The transactional outbox (ARCHITECTURE §2 Events): a service records an event in the same
 * transaction as the change; a dispatcher delivers it at least once, in id order.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Dotted event name, e.g. kyc.player.updated, invoice.deposit.updated. */
    type: text('type').notNull(),
    /** The player the event concerns; null for public events (winners, activity board). */
    playerId: uuid('player_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    /** Set by the dispatcher once every subscriber has it. */
    dispatchedAt: timestamptz('dispatched_at'),
  },
  (t) => [
    // The dispatcher's only index besides the key. No reader looks events up by player, and an
    // index of the player cost an entry at each insert and again at each mark (decision 080).
    index('domain_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);
