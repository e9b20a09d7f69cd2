import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuditRepo } from '../backoffice/audit.repo.ts';
import { createContentStore } from './content.store.ts';
import { contentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';
import { contentAdminRoutes } from './content-admin.routes.ts';
import { SITE_FACTS } from './site-links.ts';
import { createContentAdminService } from './content-admin.service.ts';
import { createContentEditsRepo } from './content-edits.repo.ts';
import { createContentOverlay } from './content-overlay.ts';

/** How often a node reads the other nodes' content edits (decision 055). */
const REFRESH_MS = 10_000;

/**
 * Editorial content as hashed files (decision 004) with the back office's edits on top
 * (decision 055); routes under /content, staff routes mounted by the back office. Call `start`
 * before serving (loads the edits, then refreshes them) and `stop` at close.
 */
export function wireContent(deps: {
  config: Pick<Config, 'contentPreviewToken'>;
  db: Database;
  audit: Pick<AuditRepo, 'insert'>;
  log: FastifyBaseLogger;
}) {
  const overlay = createContentOverlay(createContentStore());
  const repo = createContentEditsRepo();
  const service = createContentService({
    store: overlay,
    previewToken: deps.config.contentPreviewToken,
  });
  const admin = createContentAdminService({
    db: deps.db,
    repo,
    overlay,
    audit: deps.audit,
    previewToken: deps.config.contentPreviewToken,
    site: SITE_FACTS,
  });

  async function refresh() {
    const seen = overlay.generation();
    const skipped = overlay.replace(await repo.listAll(deps.db), seen);
    for (const row of skipped) {
      deps.log.warn(
        { edition: row.edition, locale: row.locale, name: row.name },
        'content: a saved document no longer passes its schema; the file is served instead',
      );
    }
  }
  let timer: NodeJS.Timeout | undefined;

  return {
    service,
    routes: contentRoutes(service),
    adminRoutes: contentAdminRoutes(admin),
    async start() {
      await refresh();
      timer = setInterval(() => {
        refresh().catch((err: unknown) => deps.log.error({ err }, 'content: refresh failed'));
      }, REFRESH_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
