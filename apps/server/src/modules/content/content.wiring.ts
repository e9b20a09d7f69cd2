import type { Config } from '../../config.ts';
import { createContentStore } from './content.store.ts';
import { contentRoutes } from './content.routes.ts';
import { createContentService } from './content.service.ts';

/** Editorial content as hashed files (decision 004); routes under /content. */
export function wireContent(deps: { config: Pick<Config, 'contentPreviewToken'> }) {
  const service = createContentService({
    store: createContentStore(),
    previewToken: deps.config.contentPreviewToken,
  });
  return { service, routes: contentRoutes(service) };
}
