import type { Database } from '../../db/client.ts';
import { createSegmentsRepo } from './segments.repo.ts';
import { segmentsRoutes } from './segments.routes.ts';
import { createSegmentsService } from './segments.service.ts';

/** Segments (spec §7 GET /api/segments); redemptions add players to the W-9 segment. */
export function wireSegments(deps: { db: Database }) {
  const repo = createSegmentsRepo(deps.db);
  return { routes: segmentsRoutes(createSegmentsService({ repo })), repo };
}
