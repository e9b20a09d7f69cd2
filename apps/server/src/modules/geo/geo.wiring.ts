import { geoRoutes } from './geo.routes.ts';
import { createGeoService } from './geo.service.ts';

/** Address lookups (postal codes); routes under /geo, and the ZIP check of profile addresses. */
export function wireGeo() {
  const service = createGeoService();
  return { routes: geoRoutes(service), usZipPlace: (zip: string) => service.usZipPlace(zip) };
}
