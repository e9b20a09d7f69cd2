import { and, eq } from 'drizzle-orm';
import type { ContentQuery, Locale } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { contentDocuments, staff } from '../../db/schema/index.ts';

type Edition = 'draft' | 'published';
const at = (edition: Edition, locale: Locale, name: ContentQuery) =>
  and(
    eq(contentDocuments.edition, edition),
    eq(contentDocuments.locale, locale),
    eq(contentDocuments.name, name),
  );

/** The back office's content rows (decision 055): one per edition, locale and query. */
export function createContentEditsRepo() {
  return {
    listAll(tx: Database) {
      return tx
        .select({
          edition: contentDocuments.edition,
          locale: contentDocuments.locale,
          name: contentDocuments.name,
          body: contentDocuments.body,
        })
        .from(contentDocuments);
    },
    /** Who saved each draft and when, for the list. */
    async draftAuthors(tx: Database) {
      const rows = await tx
        .select({
          locale: contentDocuments.locale,
          name: contentDocuments.name,
          updatedAt: contentDocuments.updatedAt,
          email: staff.email,
        })
        .from(contentDocuments)
        .innerJoin(staff, eq(staff.id, contentDocuments.updatedBy))
        .where(eq(contentDocuments.edition, 'draft'));
      return new Map(rows.map((r) => [`${r.locale}/${r.name}`, r]));
    },
    /** The row, locked until the transaction ends (publish and discard read then write). */
    async lock(tx: Database, edition: Edition, locale: Locale, name: ContentQuery) {
      const [row] = await tx
        .select()
        .from(contentDocuments)
        .where(at(edition, locale, name))
        .for('update');
      return row;
    },
    async save(
      tx: Database,
      row: { edition: Edition; locale: Locale; name: ContentQuery; body: string; staffId: string },
    ) {
      const values = { body: row.body, updatedBy: row.staffId, updatedAt: new Date() };
      await tx
        .insert(contentDocuments)
        .values({ edition: row.edition, locale: row.locale, name: row.name, ...values })
        .onConflictDoUpdate({
          target: [contentDocuments.edition, contentDocuments.locale, contentDocuments.name],
          set: values,
        });
    },
    async remove(tx: Database, edition: Edition, locale: Locale, name: ContentQuery) {
      await tx.delete(contentDocuments).where(at(edition, locale, name));
    },
  };
}
export type ContentEditsRepo = ReturnType<typeof createContentEditsRepo>;
