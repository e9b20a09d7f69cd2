import { geoRoutes } from './geo.routes.ts';
import { createGeoService } from './geo.service.ts';

/** Address lookups (postal codes); routes under /geo. */
export function wireGeo() {
  return { routes: geoRoutes(createGeoService()) };
}
