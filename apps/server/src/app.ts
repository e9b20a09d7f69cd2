import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { AppError } from './platform/errors.ts';
import { registerErrorHandling } from './platform/error-handler.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { APP_VERSION } from './platform/version.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createCoreRepo } from './modules/core/core.repo.ts';
import { createCoreService } from './modules/core/core.service.ts';
import { coreRoutes } from './modules/core/core.routes.ts';
import { createContentStore } from './modules/content/content.store.ts';
import { createContentService } from './modules/content/content.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { siteRoutes, type SiteBuild } from './modules/site/site.routes.ts';
import { createAuthGuard, createTokenSigner } from './platform/auth.ts';
import { createPlayerRepo } from './modules/player/player.repo.ts';
import { createArgon2Hasher } from './modules/player/password-hasher.ts';
import {
  createMemoryFailureCounters,
  createRedisFailureCounters,
} from './modules/player/login-throttle.store.ts';
import { createSessionService } from './modules/player/session.service.ts';
import { createPlayerService } from './modules/player/player.service.ts';
import { sessionRoutes } from './modules/player/session.routes.ts';
import { playerRoutes } from './modules/player/player.routes.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Shared store of a multi-node deployment; null keeps rate limits in this process. */
  redis: Redis | null;
  /** The built web app; null serves the API only (integration tests). */
  site: SiteBuild | null;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Composition root: every repo and service is built here, by hand, and handed to its routes. */
export async function buildApp({
  config,
  database,
  redis,
  site,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    // Trust a caller's id only when it looks like one; otherwise mint our own.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: true,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  // Pages and API answers are compressed on the fly at a cheap level; built assets are
  // precompressed at build time and served as they are.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await registerSecurityHeaders(app, config);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Coinfall platform API', version: APP_VERSION },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const coreService = createCoreService({ repo: createCoreRepo(database.db) });
  const contentService = createContentService({
    store: createContentStore(),
    previewToken: config.contentPreviewToken,
  });

  const playerRepo = createPlayerRepo(database.db);
  const passwords = createArgon2Hasher();
  const tokens = createTokenSigner({
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
  });
  const sessionService = createSessionService({
    db: database.db,
    repo: playerRepo,
    tokens,
    passwords,
    // Failed-login counters live beside the API rate limits, shared by every node via Redis.
    failures: redis
      ? createRedisFailureCounters(redis, config.rateLimitKeyPrefix)
      : createMemoryFailureCounters(),
  });
  const playerService = createPlayerService({
    db: database.db,
    repo: playerRepo,
    passwords,
    sessions: sessionService,
  });
  const requireAuth = createAuthGuard({
    tokens,
    findSession: (sessionId) => playerRepo.findSessionForAuth(sessionId),
    touchSession: (sessionId, at) => playerRepo.touchSession(sessionId, { lastSeenAt: at }),
  });
  app.decorateRequest('actor', null);

  await app.register(
    async (api) => {
      // Per client IP, counted in Redis when configured so every node enforces one budget.
      await api.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: 60_000,
        nameSpace: config.rateLimitKeyPrefix,
        ...(redis ? { redis } : {}),
        errorResponseBuilder: (_request, context) =>
          new AppError(
            'RATE_LIMITED',
            `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`,
          ),
      });
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      await api.register(healthRoutes({ database, redis }));
      await api.register(coreRoutes(coreService), { prefix: '/core' });
      await api.register(contentRoutes(contentService), { prefix: '/content' });
      await api.register(playerRoutes(playerService, requireAuth), { prefix: '/player' });
      await api.register(sessionRoutes(sessionService, requireAuth), { prefix: '/player' });
      api.all('/*', { schema: { hide: true } }, (request) => {
        throw new AppError(
          'NOT_FOUND',
          `No API route ${request.method} ${request.url.split('?')[0]}`,
        );
      });
    },
    { prefix: '/api' },
  );

  await app.register(
    siteRoutes({ build: site, services: { content: contentService, core: coreService } }),
  );
  return app;
}
