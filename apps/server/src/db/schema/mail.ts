import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { players } from './player.ts';

/** Mail kept instead of sent when no SMTP_URL is configured (development and tests). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    from: text('from').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_created_idx').on(t.createdAt)],
);

export const PLAYER_CODE_PURPOSES = ['password_reset', 'email_confirmation', 'auto_login'] as const;
export type PlayerCodePurpose = (typeof PLAYER_CODE_PURPOSES)[number];

/**
 * One-time codes mailed to a player (password reset, email confirmation). Only the sha256 of a
 * code is stored; a code is spent by setting used_at.
 */
export const playerCodes = pgTable(
  'player_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PLAYER_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('player_codes_hash_key').on(t.codeHash),
    index('player_codes_player_idx').on(t.playerId, t.purpose),
  ],
);
