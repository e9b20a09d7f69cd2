import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { staff } from './staff.ts';

/**
 * Content documents edited in the back office (decision 055). The repo's files under
 * apps/server/content are the base; a row here overrides its file for that edition, locale and
 * query. `body` is the JSON text as served (its bytes are hashed into the document's URL).
 */
export const contentDocuments = pgTable(
  'content_documents',
  {
    edition: text('edition').$type<'draft' | 'published'>().notNull(),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => staff.id),
  },
  (t) => [
    primaryKey({ columns: [t.edition, t.locale, t.name] }),
    check('content_documents_edition', sql`${t.edition} in ('draft', 'published')`),
  ],
);
