import { SANDBOX_AFFILIATE_PIXEL_PATH, type Config } from '../../config.ts';
import type { Attribution } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { createAttributionRepo, createPixelHitsRepo } from './attribution.repo.ts';
import { attributionAdminRoutes, sandboxPixelRoutes } from './attribution.routes.ts';
import { createAttributionService } from './attribution.service.ts';

/**
 * Affiliates and attribution (issue 19, decision 045): `record` for the registration's
 * transaction, `adminRoutes` for the back office to mount under /admin, `sandboxPixel` for the app's root when the sandbox
 * affiliate host stands in for a real one.
 */
export function wireAttribution(deps: { config: Config; db: Database }) {
  const service = createAttributionService({ repo: createAttributionRepo(deps.db) });
  const sandboxHost = deps.config.growth.affiliatePixel?.url === SANDBOX_AFFILIATE_PIXEL_PATH;
  const pixelHits = sandboxHost ? createPixelHitsRepo(deps.db) : null;
  return {
    record: (tx: Database, playerId: string, attribution: Attribution | undefined) =>
      service.record(tx, playerId, attribution),
    adminRoutes: attributionAdminRoutes(service, pixelHits),
    sandboxPixel: pixelHits ? sandboxPixelRoutes(pixelHits) : null,
  };
}
