import zlib from 'node:zlib';
import path from 'node:path';
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
import {
  createDevMailbox,
  createSmtpMailer,
  devMailboxApiRoutes,
  devMailboxPageRoutes,
} from './platform/mail/index.ts';
import { createCodeRepo } from './modules/player/confirmations.repo.ts';
import {
  createEmailConfirmationService,
  createOneTimeCodes,
} from './modules/player/confirmations.service.ts';
import { createPasswordService } from './modules/player/passwords.service.ts';
import { createProfileService } from './modules/player/profile.service.ts';
import { profileRoutes } from './modules/player/profile.routes.ts';
import { passwordRoutes } from './modules/player/passwords.routes.ts';
import { createLimitsRepo } from './modules/player/limits.repo.ts';
import { createLimitsService } from './modules/player/limits.service.ts';
import { limitsRoutes } from './modules/player/limits.routes.ts';
import { createDocumentsRepo } from './modules/player/documents.repo.ts';
import { createDocumentsService } from './modules/player/documents.service.ts';
import { documentsRoutes } from './modules/player/documents.routes.ts';
import { wireSocialLogin } from './modules/social/social.wiring.ts';
import { createTokenLoginService } from './modules/player/token-login.service.ts';
import { tokenLoginRoutes } from './modules/player/token-login.routes.ts';
import { createAccountRemovalService } from './modules/player/account-removal.service.ts';
import { accountRemovalRoutes } from './modules/player/account-removal.routes.ts';
import { createOutboxRepo } from './platform/events/outbox.repo.ts';
import { createIdempotencyRepo } from './platform/idempotency/idempotency.repo.ts';
import { createIdempotency } from './platform/idempotency/idempotency.ts';
import { createLocalDiskStorage } from './platform/storage/local-disk.storage.ts';
import {
  createLocalSessionChanges,
  createRedisSessionChanges,
} from './platform/sessions/session-changes.ts';
import { createSessionAuthCache } from './platform/sessions/session-auth-cache.ts';
import { createSmsSender } from './platform/sms/index.ts';
import { createOtpRepo } from './modules/verification/otp.repo.ts';
import { createOtpService } from './modules/verification/otp.service.ts';
import { otpRoutes } from './modules/verification/otp.routes.ts';
import { createKycRepo } from './modules/kyc/kyc.repo.ts';
import { createKycService } from './modules/kyc/kyc.service.ts';
import { createKycSandboxProvider } from './modules/kyc/kyc-sandbox.provider.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { createWalletRepo } from './modules/wallet/wallet.repo.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { wirePayments } from './modules/payment/payment.wiring.ts';
import { isPurchaser } from './modules/shop/shop.fns.ts';
import { wireRedemptions } from './modules/redemption/redemption.wiring.ts';
import { wireEventDelivery } from './modules/realtime/realtime-delivery.ts';
import { wireRealtime } from './modules/realtime/realtime.wiring.ts';
import { wireRgs } from './modules/rgs/rgs.wiring.ts';
import { createLedgerRepo } from './modules/ledger/ledger.repo.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createGameRepo } from './modules/game/game.repo.ts';
import { createGameService } from './modules/game/game.service.ts';
import { gameRoutes } from './modules/game/game.routes.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Shared store of a multi-node deployment; null keeps rate limits in this process. */
  redis: Redis | null;
  /** The built web app; null serves the API only (integration tests). */
  site: SiteBuild | null;
  /** The clock of time-based rules (limit cooling-off); tests inject one. */
  now?: () => Date;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Composition root: every repo and service is built here, by hand, and handed to its routes. */
export async function buildApp({
  config,
  database,
  redis,
  site,
  now,
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
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The game client's credential: `Authorization: GameSession <token>` (/api/rgs).
          gameSession: {
            type: 'apiKey',
            in: 'header',
            name: 'authorization',
            description: 'GameSession <token> — the token of the launch URL fragment',
          },
        },
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
  const passwords = createArgon2Hasher(config.passwordHashCost);
  // Ended sessions and changed players, told to every node (Redis pub/sub when configured).
  const sessionChanges = redis
    ? await createRedisSessionChanges(redis, `${config.rateLimitKeyPrefix}session-changes`)
    : createLocalSessionChanges();
  app.addHook('onClose', async () => sessionChanges.close());
  app.decorate('sessionChanges', sessionChanges);
  const sessionAuthCache = createSessionAuthCache({ ttlMs: 30_000, maxEntries: 100_000 });
  sessionChanges.subscribe((change) => sessionAuthCache.forget(change));
  const tokens = createTokenSigner({
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
  });
  const walletRepo = createWalletRepo(database.db);
  const walletService = createWalletService({ repo: walletRepo });
  const sessionService = createSessionService({
    sessionChanges,
    // Spec §4 login flow: a non-purchaser plays in the default currency. A failure is logged:
    // the login itself stands.
    onLogin: async (player) => {
      if (isPurchaser(player.segmentIds)) return;
      await walletService.activateDefaultAccount(player.id).catch((err: unknown) => {
        app.log.error({ err, playerId: player.id }, 'default account not activated at login');
      });
    },
    db: database.db,
    repo: playerRepo,
    tokens,
    passwords,
    // Failed-login counters live beside the API rate limits, shared by every node via Redis.
    failures: redis
      ? createRedisFailureCounters(redis, config.rateLimitKeyPrefix)
      : createMemoryFailureCounters(),
  });
  // Mail: SMTP when configured, else the dev_mailbox table (readable outside production).
  const devMailbox = config.smtpUrl ? null : createDevMailbox(database.db, config.mailFrom);
  const mailer = config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : (devMailbox ?? createDevMailbox(database.db, config.mailFrom)).mailer;
  if (mailer.close) app.addHook('onClose', async () => mailer.close?.());
  const oneTimeCodes = createOneTimeCodes({ repo: createCodeRepo(database.db) });
  const emailConfirmations = createEmailConfirmationService({
    repo: playerRepo,
    codes: oneTimeCodes,
    mailer,
    publicUrl: config.publicUrl,
  });
  const passwordService = createPasswordService({
    sessionChanges,
    db: database.db,
    repo: playerRepo,
    passwords,
    codes: oneTimeCodes,
    mailer,
    publicUrl: config.publicUrl,
  });
  const profileService = createProfileService({ repo: playerRepo });
  const playerService = createPlayerService({
    db: database.db,
    repo: playerRepo,
    passwords,
    sessions: sessionService,
    openWallet: walletService.ensureDefaultIn,
    // The account exists either way; a mail that fails to go is logged and can be resent.
    afterRegister: (player) =>
      emailConfirmations.send(player).catch((err: unknown) => {
        app.log.error({ err, playerId: player.id }, 'confirmation mail not sent');
      }),
  });
  // Cached between changes (docs/decisions/009): most requests cost no session query.
  const findAuthSession = (sessionId: string) =>
    sessionAuthCache.load(sessionId, (id) => playerRepo.findSessionForAuth(id));
  const requireAuth = createAuthGuard({
    tokens,
    findSession: findAuthSession,
    touchSession: async (sessionId, at) => {
      await playerRepo.touchSession(sessionId, { lastSeenAt: at });
      sessionAuthCache.touched(sessionId, at);
    },
  });
  const limitsRepo = createLimitsRepo(database.db);
  const limitsService = createLimitsService({ repo: limitsRepo, now });
  // SMS: only the sandbox so far, keeping texts in the dev mailbox (see platform/sms).
  const sms = createSmsSender({
    nodeEnv: config.nodeEnv,
    mailbox: createDevMailbox(database.db, 'Coinfall SMS').mailer,
    log: app.log,
  });
  const otpService = createOtpService({
    repo: createOtpRepo(database.db),
    players: playerRepo,
    sms,
    now,
  });
  const kycService = createKycService({
    repo: createKycRepo(database.db),
    players: playerRepo,
    provider: createKycSandboxProvider(),
    now,
  });
  const geoService = createGeoService();
  const documentsService = createDocumentsService({
    repo: createDocumentsRepo(database.db),
    // Private uploads live under DATA_DIR, never in a served folder.
    storage: createLocalDiskStorage(path.join(config.dataDir, 'uploads')),
    onOrphan: (key, err) => app.log.warn({ err, key }, 'stored object could not be removed'),
  });
  const social = await wireSocialLogin({
    app,
    config,
    db: database.db,
    players: playerRepo,
    sessions: sessionService,
    accounts: playerService,
  });
  const tokenLoginService = createTokenLoginService({
    db: database.db,
    codes: oneTimeCodes,
    repo: playerRepo,
    sessions: sessionService,
  });
  const accountRemovalService = createAccountRemovalService({
    sessionChanges,
    db: database.db,
    repo: playerRepo,
    identities: social.repo,
    codes: oneTimeCodes,
    passwords,
  });
  // Redemptions, withdrawals, playthrough, W-9, segments, invoice history (decision 012).
  const redemptions = wireRedemptions({ config, db: database.db, requireAuth, now });
  // Payments and shop (decision 011): provider (sandbox under /sandbox-cashier), shop, invoices,
  // settlement, webhooks; the provider's payout events settle redemptions.
  const payments = await wirePayments({
    app,
    config,
    db: database.db,
    requireAuth,
    now,
    onPayoutEvent: redemptions.onPayoutEvent,
  });
  // Game server (ARCHITECTURE §3): launch, game sessions, provably fair rounds, fairness, replay.
  const rgs = wireRgs({
    config,
    db: database.db,
    background: database.background,
    requireAuth,
    // The kernel, built here until the root builds it once for every module.
    ledger: createLedgerService({ repo: createLedgerRepo(database.db) }),
    idempotency: createIdempotency({ repo: createIdempotencyRepo(database.db) }),
    outbox: createOutboxRepo(database.db),
    limits: limitsRepo,
    currencies: walletRepo,
    recordWager: redemptions.recordWager,
    log: app.log,
    sessionChanges,
    now,
  });
  // Realtime gateway (decision 013); `realtime.broker` is where publishers publish.
  const realtime = await wireRealtime({
    app,
    config,
    redis,
    tokens,
    findSession: findAuthSession,
    sessionChanges,
    logger: app.log,
  });
  // Outbox delivery (decision 013): realtime publications, the live boards and the big-win
  // alerts, on every node's shared broker (Redis when configured) so a client anywhere gets
  // what the leader delivers.
  const eventDelivery = wireEventDelivery({
    app,
    config,
    database,
    broker: realtime.broker,
    handlers: [rgs.bigWinAlerts],
  });
  // Game catalog (spec §7 Game): collections, providers, games, favourites, played, rounds.
  const gameService = createGameService({ repo: createGameRepo(database.db) });
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
      await api.register(realtime.routes);
      await api.register(coreRoutes(coreService), { prefix: '/core' });
      await api.register(contentRoutes(contentService), { prefix: '/content' });
      await api.register(playerRoutes(playerService, requireAuth), { prefix: '/player' });
      await api.register(sessionRoutes(sessionService, requireAuth), { prefix: '/player' });
      await api.register(profileRoutes(profileService, emailConfirmations, requireAuth), {
        prefix: '/player',
      });
      await api.register(passwordRoutes(passwordService, requireAuth), { prefix: '/player' });
      if (devMailbox && config.sandbox) {
        await api.register(devMailboxApiRoutes(devMailbox), { prefix: '/dev' });
      }
      await api.register(limitsRoutes(limitsService, requireAuth), { prefix: '/player' });
      await api.register(otpRoutes(otpService, requireAuth), { prefix: '/player' });
      await api.register(kycRoutes(kycService, requireAuth), { prefix: '/player' });
      await api.register(geoRoutes(geoService), { prefix: '/geo' });
      await api.register(documentsRoutes(documentsService, requireAuth), { prefix: '/player' });
      await api.register(social.routes, { prefix: '/player' });
      await api.register(tokenLoginRoutes(tokenLoginService), { prefix: '/player' });
      await api.register(walletRoutes(walletService, requireAuth), { prefix: '/wallet' });
      await api.register(payments.routes);
      await api.register(redemptions.routes);
      await api.register(eventDelivery.routes);
      await api.register(rgs.routes);
      await api.register(gameRoutes(gameService, requireAuth), { prefix: '/game' });
      await api.register(accountRemovalRoutes(accountRemovalService, requireAuth), {
        prefix: '/users',
      });
      api.all('/*', { schema: { hide: true } }, (request) => {
        throw new AppError(
          'NOT_FOUND',
          `No API route ${request.method} ${request.url.split('?')[0]}`,
        );
      });
    },
    { prefix: '/api' },
  );

  if (devMailbox && config.sandbox) {
    await app.register(devMailboxPageRoutes(devMailbox));
  } else {
    // Never fall through to the site: the page plainly does not exist here.
    app.get('/dev/mailbox', { schema: { hide: true } }, () => {
      throw AppError.notFound('Page');
    });
  }
  await app.register(
    siteRoutes({
      build: site,
      services: {
        content: contentService,
        core: coreService,
        // Loaders read the public catalog through the API's own routes, in process.
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
  );
  return app;
}
