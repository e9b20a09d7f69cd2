import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { answerFrameworkError, registerErrorHandling } from './error-handler.ts';
import { validateInput } from './input-validation.ts';
import { serializeError } from './error-serializer.ts';
import { failoverRateLimitStore } from './rate-limit-store.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { retryAfterHeader } from './retry-after.ts';
import { APP_VERSION } from './version.ts';

/** Where the server's log lines go instead of stdout: anything with write(line). */
export interface LogStream {
  write(line: string): void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify's `trustProxy` from TRUST_PROXY (config.ts): nobody, a hop count, or addresses. */
function trustProxyOption(trusted: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trusted === 'number') return (_address: string, hop: number) => hop < trusted;
  return typeof trusted === 'object' ? [...trusted] : trusted;
}

/** A request as logged: what Fastify's own serializer keeps, the URL without its query. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.split('?', 1)[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The HTTP server before any module: logging with secrets redacted, request ids, the one error
 * handler, cookies, compression, security headers and the OpenAPI document with its UI. Logs go
 * to stdout, or to `logStream` (tests read them).
 */
export async function createHttpServer(config: Config, options: { logStream?: LogStream } = {}) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Errors are logged without the values of failed statements (issue 13, item 9); requests
      // without their query string, which carries mailed codes, login links and, over SSE, the
      // realtime token.
      serializers: { err: serializeError, req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    // Trust a caller's id only when it looks like one; otherwise mint our own.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Only configured proxies may name the client (TRUST_PROXY); request.ip is then what the
    // nearest trusted hop saw, and every per-IP limit keys on it.
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors: answerFrameworkError,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // Set by the auth guard on protected routes (platform/auth.ts) and the operator guard on
  // operator routes (platform/operator-auth.ts).
  app.decorateRequest('actor', null);
  app.decorateRequest('operator', null);

  app.setValidatorCompiler(validateInput);
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
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The game client's credential: `Authorization: GameSession <token>` (/api/rgs).
          gameSession: {
            type: 'apiKey',
            in: 'header',
            name: 'authorization',
            description: 'GameSession <token> — the token of the launch URL fragment',
          },
          // Back-office routes (/api/admin, decision 031): the staff session of the HttpOnly
          // coinfall_staff cookie, or its token as a bearer; never a player's token.
          staffSession: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A staff session token (the coinfall_staff cookie set by /api/admin/session/totp)',
          },
          // Operator routes (/api/dev): never a player's token (docs/decisions/019).
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The sandbox operator token (SANDBOX_OPERATOR_TOKEN, printed at start-up when generated)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The reference is for developers: off in production unless API_DOCS=on.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  return app;
}

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>;

/**
 * The /api scope: a per-IP rate limit, the OpenAPI document, the modules' `routes`, and a JSON
 * 404 for any other path under /api (never the site's HTML page).
 */
export async function registerApi(
  app: HttpServer,
  deps: { config: Config; redis: Redis | null },
  routes: FastifyPluginAsyncZod,
): Promise<void> {
  const { config, redis } = deps;
  await app.register(
    async (api) => {
      // Per client IP, counted in Redis when configured so every node enforces one budget, and
      // in this node's memory while Redis is down (decision 021).
      await api.register(rateLimit, {
        max: config.rateLimitPerMinute,
        timeWindow: 60_000,
        nameSpace: config.rateLimitKeyPrefix,
        ...(redis
          ? {
              store: failoverRateLimitStore({
                redis,
                nameSpace: config.rateLimitKeyPrefix,
                onError: (err) =>
                  app.log.error({ err }, 'rate limit: Redis refused a count; counted on this node'),
              }),
            }
          : {}),
        errorResponseBuilder: (_request, context) =>
          new AppError(
            'RATE_LIMITED',
            `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`,
          ),
      });
      // The throttles' 429s say how long to wait (login, password re-checks, sign-ups, reset mail).
      api.addHook('onError', retryAfterHeader);
      if (config.apiDocs) api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      await api.register(routes);
      api.all('/*', { schema: { hide: true } }, (request) => {
        throw new AppError(
          'NOT_FOUND',
          `No API route ${request.method} ${request.url.split('?')[0]}`,
        );
      });
    },
    { prefix: '/api' },
  );
}
