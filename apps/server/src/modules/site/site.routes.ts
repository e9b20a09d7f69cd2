import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import middie from '@fastify/middie';
import { createRequest } from '@remix-run/node-fetch-server';
import { createRequestHandler } from 'react-router';
import type { SiteGrowthConfig, SiteLoadContext, SiteServices } from '@coinfall/shared';
import { scriptNonceOf } from '../../platform/security-headers.ts';
import { APP_VERSION } from '../../platform/version.ts';
import type { SiteBuild } from './site.build.ts';

export type { SiteBuild } from './site.build.ts';

const HASHED_ASSET = /\/assets\//;

/**
 * The server-rendered player site, in the same process as the API: hashed assets straight
 * from disk, every other path through React Router (which also renders the 404 page).
 */
export function siteRoutes(options: {
  build: SiteBuild | null;
  services: SiteServices;
  growth?: SiteGrowthConfig;
}): FastifyPluginAsync {
  return fp(async (app) => {
    const { build, services } = options;
    if (!build) {
      app.get('/*', (_request, reply) =>
        reply
          .status(503)
          .type('text/plain')
          .send('The site is not built. Run `npm run build`, then start again.'),
      );
      return;
    }

    if (build.clientDir) await registerAssets(app, build.clientDir);
    const handle = createRequestHandler(
      build.server,
      process.env.NODE_ENV === 'production' ? 'production' : 'development',
    );
    if (build.close) app.addHook('onClose', build.close);

    await app.register(async (site) => {
      if (build.devMiddleware) {
        await site.register(middie);
        site.use(build.devMiddleware);
      }
      // React Router reads request bodies itself (form actions), so leave the stream untouched.
      site.removeAllContentTypeParsers();
      site.addContentTypeParser('*', (_request, _payload, done) => done(null));
      site.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        schema: { hide: true },
        handler: async (request, reply) => {
          const context: SiteLoadContext = {
            services,
            requestId: request.id,
            cspNonce: scriptNonceOf(reply.raw),
            appVersion: APP_VERSION,
            growth: options.growth,
          };
          const response = await handle(createRequest(request.raw, reply.raw), context as never);
          return reply.send(response);
        },
      });
    });
  });
}

async function registerAssets(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies; they are served when the browser accepts them.
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        HASHED_ASSET.test(filePath)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
}
