import { geoRoutes } from './geo.routes.ts';
import { createGeoService } from './geo.service.ts';

/** Address lookups (postal codes); routes under /geo, and the ZIP check of profile addresses. */
export function wireGeo() {
  const service = createGeoService();
  return {
    routes: geoRoutes(service),
    usZipPlace: (zip: string) => service.usZipPlace(zip),
    usStateAt: (point: { lat: number; lon: number }) => service.usStateAt(point),
    /** Loads the ZIP tables ahead of the first request (decision 046). */
    warm: () => service.warm(),
  };
}
