import {
  CONTENT_QUERIES,
  CONTENT_SCHEMAS,
  DEFAULT_LOCALE,
  LOCALES,
  type AdminContentDocument,
  type AdminContentDraftBody,
  type AdminContentParams,
  type AdminContentPublishBody,
  type AdminContentQuery,
  type AdminContentSummary,
  type ContentQuery,
  type Locale,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import type { StaffActor } from '../backoffice/staff-auth.service.ts';
import { pageMeta } from '../player/player.fns.ts';
import { linkTargetsOf, referenceProblems, type SiteFacts } from './content-references.fns.ts';
import { contentFieldErrors, fieldAt } from './content.fns.ts';
import type { ContentEditsRepo } from './content-edits.repo.ts';
import { storedFromBody, type ContentOverlay } from './content-overlay.ts';
import { toStoredDocument, type StoredDocument } from './content.store.ts';

/** Checks a document against its query's schema; 400 naming every failing field. */
function validated(name: ContentQuery, document: unknown, prefix: string): unknown {
  const parsed = CONTENT_SCHEMAS[name].safeParse(document);
  if (parsed.success) return parsed.data;
  const fields = contentFieldErrors(parsed.error.issues, prefix);
  throw new AppError('VALIDATION_FAILED', `${fields[0]?.field ?? prefix}: ${fields[0]?.message}`, {
    fields,
  });
}

/** The documents whose entries other documents link to (pages, help categories, promotions). */
const LINK_TARGET_QUERIES: readonly ContentQuery[] = ['static-pages', 'faq', 'promotions'];

/** The bytes a document is stored and served as: stable, readable in a diff. */
const bodyOf = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;
/** The site's page of a locale (English has no prefix). */
const pageOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? '/' : `/${locale}`);

/**
 * Editing the site's content documents (decision 055): a draft per locale and query, seen
 * through the preview link, and published only once it passes the query's schema. Each change
 * writes its audit row in its transaction; this node's overlay takes it after the commit (the
 * others at their next refresh).
 */
export function createContentAdminService(deps: {
  db: Database;
  repo: ContentEditsRepo;
  overlay: ContentOverlay;
  audit: Pick<AuditRepo, 'insert'>;
  previewToken: string | undefined;
  /** What exists on the site, for the reference check at publish. */
  site: SiteFacts;
}) {
  const { db, repo, overlay } = deps;

  /**
   * Refuses a document that names what does not exist (content-references.fns.ts): 400 naming
   * each place (`draft.<path>`). A document others link into (pages, help, promotions) is checked
   * with them: an entry they still link to is not removed (`<query>.<path>`).
   */
  function assertReferencesExist(locale: Locale, name: ContentQuery, document: unknown) {
    const documentOf = (query: ContentQuery) =>
      query === name ? document : overlay.find('published', locale, query)?.document;
    const targets = linkTargetsOf({
      staticPages: documentOf('static-pages'),
      faq: documentOf('faq'),
      promotions: documentOf('promotions'),
    });
    const checked = LINK_TARGET_QUERIES.includes(name) ? CONTENT_QUERIES : [name];
    const fields = checked.flatMap((query) =>
      referenceProblems(documentOf(query), deps.site, targets).map((p) => ({
        field: fieldAt(query === name ? 'draft' : query, p.at),
        message: `${p.value}: ${p.problem}`,
      })),
    );
    const [first] = fields;
    if (first) {
      throw new AppError('VALIDATION_FAILED', `${first.field}: ${first.message}`, { fields });
    }
  }

  /** The draft waiting: the back office's, else the repo's draft file when it differs. */
  function pendingDraft(locale: Locale, name: ContentQuery): StoredDocument | undefined {
    const draft = overlay.find('drafts', locale, name);
    const live = overlay.find('published', locale, name);
    return draft && draft.hash !== live?.hash ? draft : undefined;
  }

  function summaryOf(
    locale: Locale,
    name: ContentQuery,
    authors: Awaited<ReturnType<ContentEditsRepo['draftAuthors']>>,
  ): AdminContentSummary {
    const draft = pendingDraft(locale, name);
    const author =
      draft && overlay.editedDraft(locale, name) ? authors.get(`${locale}/${name}`) : undefined;
    return {
      locale,
      name,
      publishedHash: overlay.find('published', locale, name)?.hash ?? null,
      source: overlay.isEdited(locale, name) ? 'edited' : 'file',
      draftHash: draft?.hash ?? null,
      draftUpdatedAt: author?.updatedAt.toISOString() ?? null,
      draftUpdatedBy: author?.email ?? null,
    };
  }

  const audit = (
    tx: Database,
    actor: StaffActor,
    action: 'content.draft-saved' | 'content.draft-discarded' | 'content.published',
    params: AdminContentParams,
    change: { before: unknown; after: unknown; reason?: string | undefined },
  ) =>
    deps.audit.insert(tx, {
      staffId: actor.staffId,
      action,
      targetType: 'content',
      targetId: `${params.locale}/${params.name}`,
      before: change.before,
      after: change.after,
      reason: change.reason || null,
      requestId: actor.requestId,
    });

  async function get({ locale, name }: AdminContentParams): Promise<AdminContentDocument> {
    const summary = summaryOf(locale, name, await repo.draftAuthors(db));
    const token = deps.previewToken;
    return {
      ...summary,
      published: overlay.find('published', locale, name)?.document ?? null,
      draft: pendingDraft(locale, name)?.document ?? null,
      previewUrl: token ? `${pageOf(locale)}?preview=${encodeURIComponent(token)}` : null,
    };
  }

  return {
    get,

    async list(query: AdminContentQuery) {
      const authors = await repo.draftAuthors(db);
      const locales = query.locale ? [query.locale] : LOCALES;
      const all = locales
        .flatMap((locale) => CONTENT_QUERIES.map((name) => summaryOf(locale, name, authors)))
        .filter((s) => query.drafts !== 'only' || s.draftHash !== null);
      const start = (query.page - 1) * query.perPage;
      return {
        data: all.slice(start, start + query.perPage),
        meta: pageMeta(query.page, query.perPage, all.length),
      };
    },

    async saveDraft(actor: StaffActor, params: AdminContentParams, body: AdminContentDraftBody) {
      const { locale, name } = params;
      const text = bodyOf(validated(name, body.document, 'body.document'));
      const doc = storedFromBody(name, text)!;
      const before = pendingDraft(locale, name)?.hash ?? null;
      await db.transaction(async (tx) => {
        await repo.lock(tx, 'draft', locale, name);
        await repo.save(tx, { edition: 'draft', locale, name, body: text, staffId: actor.staffId });
        await audit(tx, actor, 'content.draft-saved', params, {
          before: { draftHash: before },
          after: { draftHash: doc.hash },
          reason: body.reason,
        });
      });
      overlay.set('draft', locale, name, doc);
      return get(params);
    },

    async discardDraft(actor: StaffActor, params: AdminContentParams) {
      const { locale, name } = params;
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, 'draft', locale, name);
        if (!row) throw AppError.notFound('A draft saved in the back office');
        await repo.remove(tx, 'draft', locale, name);
        await audit(tx, actor, 'content.draft-discarded', params, {
          before: { draftHash: toStoredDocument(Buffer.from(row.body, 'utf8'), null).hash },
          after: { draftHash: null },
        });
      });
      overlay.set('draft', locale, name, undefined);
      return get(params);
    },

    /**
     * Publishes the draft the editor reviewed. It is checked against the schema again (a deploy
     * may have tightened it since it was saved): a bad draft is refused naming the field
     * (`draft.<path>`), and the published document stays as it was.
     */
    async publish(actor: StaffActor, params: AdminContentParams, body: AdminContentPublishBody) {
      const { locale, name } = params;
      const published = await db.transaction(async (tx) => {
        const row = await repo.lock(tx, 'draft', locale, name);
        // No draft row: only the repo's draft file may stand in. A back-office draft known only
        // from this node's memory was discarded on another node (its row is gone).
        const text =
          row?.body ??
          (overlay.editedDraft(locale, name)
            ? undefined
            : pendingDraft(locale, name)?.bytes.toString('utf8'));
        if (text === undefined) throw new AppError('CONFLICT', 'There is no draft to publish');
        const draftHash = toStoredDocument(Buffer.from(text, 'utf8'), null).hash;
        if (draftHash !== body.draftHash) {
          throw new AppError(
            'CONFLICT',
            'The draft changed since you opened it: review it again before publishing',
          );
        }
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (err) {
          throw AppError.invalid('draft', `Not valid JSON (${(err as Error).message})`);
        }
        validated(name, json, 'draft');
        assertReferencesExist(locale, name, json);
        const doc = storedFromBody(name, text)!;
        const before = overlay.find('published', locale, name)?.hash ?? null;
        await repo.lock(tx, 'published', locale, name);
        await repo.save(tx, {
          edition: 'published',
          locale,
          name,
          body: text,
          staffId: actor.staffId,
        });
        await repo.remove(tx, 'draft', locale, name);
        await audit(tx, actor, 'content.published', params, {
          before: { publishedHash: before },
          after: { publishedHash: doc.hash },
          reason: body.reason,
        });
        return doc;
      });
      overlay.set('published', locale, name, published);
      overlay.set('draft', locale, name, undefined);
      return get(params);
    },
  };
}
export type ContentAdminService = ReturnType<typeof createContentAdminService>;
