import type { FastifyInstance } from 'fastify';
import type { SiteGrowthConfig, SiteServices } from '@coinfall/shared';
import type { SiteBuild } from './site.build.ts';
import { siteRoutes } from './site.routes.ts';

/**
 * The server-rendered player site (decision 002), registered last at the root: its loaders call
 * the content and core services directly and read the public catalog through the API's own
 * routes, in process.
 */
export function wireSite(deps: {
  app: FastifyInstance;
  build: SiteBuild | null;
  content: SiteServices['content'];
  core: SiteServices['core'];
  growth?: SiteGrowthConfig;
}) {
  const { app } = deps;
  return {
    routes: siteRoutes({
      build: deps.build,
      growth: deps.growth,
      services: {
        content: deps.content,
        core: deps.core,
        publicGameApi: {
          async get(pathAndQuery) {
            if (!pathAndQuery.startsWith('/api/game/')) {
              throw new Error(`not a public game API path: ${pathAndQuery}`);
            }
            const res = await app.inject({ method: 'GET', url: pathAndQuery });
            return { status: res.statusCode, body: res.statusCode === 204 ? null : res.json() };
          },
        },
      },
    }),
  };
}
