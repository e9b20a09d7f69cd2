import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { DocumentStatus, type DocumentMimeType, type DocumentType } from '@coinfall/shared';
import { players } from './player.ts';
import { staff } from './staff.ts';

/** Metadata of a verification document; the bytes live in object storage under storage_key. */
export const playerDocuments = pgTable(
  'player_documents',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    type: text('type').$type<DocumentType>().notNull(),
    status: smallint('status').notNull().default(DocumentStatus.Pending),
    /** Detected from the content, never taken from the client. */
    mime: text('mime').$type<DocumentMimeType>().notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** A random key; the client's file name is never stored or used. */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The staff decision (back office KYC review, decision 037): who, when and why. */
    reviewedBy: uuid('reviewed_by').references(() => staff.id),
    reviewedAt: timestamptz('reviewed_at'),
    reviewReason: text('review_reason'),
  },
  (t) => [
    index('player_documents_player_created_idx').on(t.playerId, t.createdAt),
    // The review queue: pending documents, oldest first.
    index('player_documents_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = ${sql.raw(String(DocumentStatus.Pending))}`),
  ],
);
