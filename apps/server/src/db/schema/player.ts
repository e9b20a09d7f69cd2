import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { PlayerStatus, type Device, type GeoLocation } from '@coinfall/shared';

export const players = pgTable(
  'players',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Always stored lowercased; the unique index makes it case-insensitively unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    postalCode: text('postal_code'),
    birthdate: date('birthdate', { mode: 'string' }),
    agreedTc: boolean('agreed_tc').notNull().default(false),
    receiveEmailPromo: boolean('receive_email_promo').notNull().default(false),
    kycVerified: boolean('kyc_verified').notNull().default(false),
    emailConfirmedAt: timestamptz('email_confirmed_at'),
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    status: smallint('status').notNull().default(PlayerStatus.Active),
    /**
     * While Blocked: the status the block replaced (Active or Limited), which an unblock restores
     * (decision 070); null otherwise.
     */
    statusBeforeBlock: smallint('status_before_block'),
    segmentIds: integer('segment_ids').array().notNull().default([]),
    /** Null until the player first saves the profile; drives isNewlyRegistered. */
    profileUpdatedAt: timestamptz('profile_updated_at'),
    /** Set when the player removed the account: personal data is anonymised, the ledger kept. */
    removedAt: timestamptz('removed_at'),
    /**
     * Until when a break or self-exclusion shuts every door (issue 16): the latest end of the
     * player's protections, far in the future for an indefinite exclusion not yet asked to lift.
     * Kept with player_protections in one transaction; past or null = no protection in force.
     */
    excludedUntil: timestamptz('excluded_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_email_key').on(t.email),
    // One account per confirmed number: the welcome coins are once per person (issue 14), and
    // only a confirmed phone opens the redemption checklist.
    uniqueIndex('players_confirmed_phone_key')
      .on(t.phone)
      .where(sql`${t.phoneConfirmed}`),
  ],
);

export const playerSessions = pgTable(
  'player_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    device: jsonb('device').$type<Device>().notNull(),
    ip: text('ip'),
    location: jsonb('location').$type<GeoLocation>(),
    /**
     * The client's country as a trusted proxy named it (GEO_IP_COUNTRY_HEADER) at the login or
     * latest refresh; null when not configured or not sent. A place the jurisdiction rules read.
     */
    ipCountry: text('ip_country'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** Set when the player logs out or closes the session; its tokens die with it. */
    endedAt: timestamptz('ended_at'),
    /**
     * The token generation: every access token carries it (`ver`) and each refresh bumps it, so
     * a refreshed token is retired (docs/decisions/020).
     */
    tokenVersion: integer('token_version').notNull().default(1),
    /**
     * When the generation was last bumped: the one before stays usable for a short grace after
     * it (two tabs refreshing at once). Null until the first refresh.
     */
    tokenRotatedAt: timestamptz('token_rotated_at'),
  },
  (t) => [index('player_sessions_player_created_idx').on(t.playerId, t.createdAt)],
);
