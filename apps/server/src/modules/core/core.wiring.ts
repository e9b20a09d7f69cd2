import type { Database } from '../../db/client.ts';
import { createCoreRepo } from './core.repo.ts';
import { coreRoutes } from './core.routes.ts';
import { createCoreService } from './core.service.ts';

/** Reference data (currencies, locales, countries, time zones, settings); routes under /core. */
export function wireCore(deps: { db: Database }) {
  const service = createCoreService({ repo: createCoreRepo(deps.db) });
  return { service, routes: coreRoutes(service) };
}
