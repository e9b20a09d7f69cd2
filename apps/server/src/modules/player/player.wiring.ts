import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import path from 'node:path';
import type { SupportPass } from '@coinfall/shared';
import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { DEFAULT_LOCALE, type Attribution, type ZipPlace } from '@coinfall/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  createAuthGuard,
  createPlayerAuthenticator,
  createTokenSigner,
} from '../../platform/auth.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { createArgon2Hasher, type PasswordHasher } from '../../platform/password-hasher.ts';
import {
  createSessionAuthCache,
  PLAYER_SESSION_OWNERS,
} from '../../platform/sessions/session-auth-cache.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import { createLocalDiskStorage } from '../../platform/storage/local-disk.storage.ts';
import { isPurchaser } from '../shop/shop.fns.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { ContentService } from '../content/content.service.ts';
import { accountRemovalRoutes } from './account-removal.routes.ts';
import { createAccountRemovalService } from './account-removal.service.ts';
import { createCodeRepo } from './confirmations.repo.ts';
import {
  createEmailConfirmationService,
  createOneTimeCodes,
  type OneTimeCodes,
} from './confirmations.service.ts';
import { createDocumentsRepo, type DocumentsRepo } from './documents.repo.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService } from './documents.service.ts';
import { createLimitsRepo, type LimitsRepo } from './limits.repo.ts';
import { limitsRoutes } from './limits.routes.ts';
import { createLimitsService } from './limits.service.ts';
import { createMemoryFailureCounters, createRedisFailureCounters } from './login-throttle.store.ts';
import { passwordRoutes } from './passwords.routes.ts';
import { createPasswordService } from './passwords.service.ts';
import { createPlayerRepo, type PlayerRepo } from './player.repo.ts';
import { playerRoutes } from './player.routes.ts';
import { registrationFieldsOf } from './player.fns.ts';
import { createPlayerService } from './player.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';
import { sessionRoutes } from './session.routes.ts';
import { createSessionService } from './session.service.ts';
import { createEmailTagger } from './throttle-keys.fns.ts';
import {
  createLoginThrottle,
  createPasswordRecheckThrottle,
  createRegistrationLimit,
  createResetMailLimit,
  type PasswordRecheckThrottle,
} from './throttles.service.ts';
import { tokenLoginRoutes } from './token-login.routes.ts';
import { createTokenLoginService } from './token-login.service.ts';

/**
 * The player module: accounts, sessions and the auth guard every module uses, passwords,
 * profile and email confirmation, responsible-gaming limits, documents, token login. Returns its
 * routes (under /player) and what other modules consume: the guard, the token signer and session
 * lookup (realtime), the player repo (kyc, verification, social), sessions and accounts (social)
 * and the limits capability (payments and game rounds check their purchase and bet limits).
 */
export function wirePlayer(deps: {
  config: Pick<
    Config,
    | 'jwtSecret'
    | 'accessTokenTtlSeconds'
    | 'registrationsPerIpPerHour'
    | 'passwordHashCost'
    | 'rateLimitKeyPrefix'
    | 'publicUrl'
    | 'dataDir'
    | 'geoIpCountryHeader'
  >;
  db: Database;
  /** Shared store of the throttles' counters; null keeps them in this process. */
  redis: Redis | null;
  sessionChanges: SessionChanges;
  mailer: Mailer;
  /** The one outbox door: sign-ins, email confirmations and completed profiles are events. */
  outbox: OutboxRecorder;
  wallet: Pick<WalletService, 'activateDefaultAccount' | 'ensureDefaultIn'>;
  /** The geo module's US ZIP lookup, for the profile's ZIP check (decision 033). */
  usZipPlace: (zip: string) => Promise<ZipPlace | undefined>;
  /** The youngest age allowed at a place (the jurisdiction table, decision 035). */
  minAgeAt?: (place: { country: string | null; region: string | null }) => Promise<number>;
  /** Runs in the registration transaction after the wallet opens (the welcome coins). */
  welcome?: (tx: Database, playerId: string) => Promise<void>;
  /** A blocked or excluded player's pass to support only (decision 040), on their refused login. */
  supportPass?: (playerId: string) => Promise<SupportPass>;
  /** The visit's attribution, stored in the registration transaction (issue 19). */
  recordAttribution?: (
    tx: Database,
    playerId: string,
    attribution: Attribution | undefined,
  ) => Promise<void>;
  /** The registration form's field list comes from the content (decision 053). */
  content?: Pick<ContentService, 'get' | 'isPreviewToken'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { config, db, sessionChanges, mailer, log } = deps;
  const clock = deps.now;
  const nowMs = clock ? () => clock().getTime() : undefined;
  const repo = createPlayerRepo(db);
  // The throttles' counters live beside the API rate limits, shared by every node via Redis;
  // emails in their keys are keyed hashes (docs/decisions/020).
  const counters = deps.redis
    ? createRedisFailureCounters(deps.redis, config.rateLimitKeyPrefix)
    : createMemoryFailureCounters(nowMs);
  const tagEmail = createEmailTagger(config.jwtSecret);
  const passwordRechecks = createPasswordRecheckThrottle({ counters });
  const passwords = createArgon2Hasher(config.passwordHashCost);
  const sessionAuthCache = createSessionAuthCache({
    ttlMs: 30_000,
    maxEntries: 100_000,
    owners: PLAYER_SESSION_OWNERS,
  });
  sessionChanges.subscribe((change) => sessionAuthCache.forget(change));
  const tokens = createTokenSigner({
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
  });
  const sessions = createSessionService({
    sessionChanges,
    supportPass: deps.supportPass,
    outbox: deps.outbox,
    // Spec §4 login flow: a non-purchaser plays in the default currency. A failure is logged:
    // the login itself stands.
    onLogin: async (player) => {
      if (isPurchaser(player.segmentIds)) return;
      await deps.wallet.activateDefaultAccount(player.id).catch((err: unknown) => {
        log.error({ err, playerId: player.id }, 'default account not activated at login');
      });
    },
    db,
    repo,
    tokens,
    passwords,
    throttle: createLoginThrottle({ counters, tagEmail }),
    now: nowMs,
  });
  const codes = createOneTimeCodes({ repo: createCodeRepo(db) });
  const emailConfirmations = createEmailConfirmationService({
    db,
    outbox: deps.outbox,
    repo,
    codes,
    mailer,
    publicUrl: config.publicUrl,
  });
  const passwordService = createPasswordService({
    sessionChanges,
    db,
    repo,
    passwords,
    codes,
    mailer,
    publicUrl: config.publicUrl,
    rechecks: passwordRechecks,
    resetMails: createResetMailLimit({ counters, tagEmail }),
  });
  const accounts = createPlayerService({
    db,
    repo,
    passwords,
    sessions,
    registrations: createRegistrationLimit({
      counters,
      perIpPerHour: config.registrationsPerIpPerHour,
    }),
    recordAttribution: deps.recordAttribution,
    registrationFields: deps.content && registrationFieldsFrom(deps.content),
    openWallet: async (tx, playerId) => {
      await deps.wallet.ensureDefaultIn(tx, playerId);
      await deps.welcome?.(tx, playerId);
    },
    // The account exists either way; a mail that fails to go is logged and can be resent.
    afterRegister: (player) =>
      emailConfirmations.send(player).catch((err: unknown) => {
        log.error({ err, playerId: player.id }, 'confirmation mail not sent');
      }),
  });
  // Cached between changes (docs/decisions/009): most requests cost no session query. A token
  // newer than the cached copy means a rotation this node missed: the copy is read again.
  const findAuthSession = (sessionId: string, tokenGeneration?: number) =>
    sessionAuthCache.load(
      sessionId,
      (id) => repo.findSessionForAuth(id),
      (cached) => tokenGeneration !== undefined && cached.tokenVersion < tokenGeneration,
    );
  const authenticate = createPlayerAuthenticator({
    now: nowMs,
    tokens,
    findSession: findAuthSession,
    touchSession: async (sessionId, at) => {
      await repo.touchSession(sessionId, { lastSeenAt: at });
      sessionAuthCache.touched(sessionId, at);
    },
  });
  const requireAuth = createAuthGuard(authenticate);
  const limitsRepo = createLimitsRepo(db);
  const limitsCapability: Pick<LimitsRepo, 'listByPlayer'> = limitsRepo;
  const limits = createLimitsService({ repo: limitsRepo, now: deps.now });
  const documentsRepo = createDocumentsRepo(db);
  // Private uploads live under DATA_DIR, never in a served folder.
  const documentStorage = createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const documents = createDocumentsService({
    repo: documentsRepo,
    storage: documentStorage,
    onOrphan: (key, err) => log.warn({ err, key }, 'stored object could not be removed'),
  });
  const tokenLogin = createTokenLoginService({ db, codes, repo, sessions });

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(playerRoutes(accounts, requireAuth, config.geoIpCountryHeader));
    await api.register(sessionRoutes(sessions, requireAuth, config.geoIpCountryHeader));
    await api.register(
      profileRoutes(
        createProfileService({
          db,
          repo,
          outbox: deps.outbox,
          usZipPlace: deps.usZipPlace,
          minAgeAt: deps.minAgeAt,
        }),
        emailConfirmations,
        requireAuth,
      ),
    );
    await api.register(passwordRoutes(passwordService, requireAuth));
    await api.register(limitsRoutes(limits, requireAuth));
    await api.register(documentsRoutes(documents, requireAuth));
    await api.register(tokenLoginRoutes(tokenLogin));
  };
  return {
    /** Register with the /player prefix. */
    routes,
    requireAuth,
    /** The guard's checks for a token that comes another way (the dev mailbox page's cookie). */
    authenticate,
    tokens,
    findAuthSession,
    repo,
    sessions,
    accounts,
    codes,
    passwords,
    /** The back office's forced password reset (issue 17). */
    forcedResets: {
      revokePassword: (tx: Database, playerId: string) =>
        passwordService.revokePassword(tx, playerId),
      // The reset stands whatever the mail does; "Forgot password" sends another link.
      mailForcedReset: (player: { id: string; email: string }) =>
        passwordService.mailForcedReset(player).then(
          () => true,
          (err: unknown) => {
            log.error({ err, playerId: player.id }, 'forced password reset: mail not sent');
            return false;
          },
        ),
    },
    /** The current password typed again (account removal uses it too), throttled per player. */
    passwordRechecks,
    /** Purchase, wager and loss limits as payments and game rounds read them (R1). */
    limits: limitsCapability,
    /**
     * The login throttle's rules for the back office's staff sign-in (decision 031): the same
     * counters and locks, its email keys apart from the players' (a staff email may also be a
     * player's, and one's failures must not lock the other).
     */
    /** The back office's KYC review (decision 037): decide a pending document, read its bytes. */
    documentReview: {
      decide: (...args: Parameters<DocumentsRepo['decide']>) => documentsRepo.decide(...args),
      open: (storageKey: string) => documentStorage.get(storageKey),
    },
    staffLoginThrottle: createLoginThrottle({
      counters,
      tagEmail: (email) => tagEmail(`staff:${email}`),
    }),
  };
}

/**
 * Account check and removal (spec §4 removeAccount), under /users. Wired after social login,
 * whose identities it forgets: social login is built on the player's sessions and accounts, so
 * this piece cannot be part of wirePlayer without a cycle.
 */
export function wireAccountRemoval(deps: {
  db: Database;
  sessionChanges: Pick<SessionChanges, 'publish'>;
  players: PlayerRepo;
  identities: { forgetIdentityEmails(playerId: string, tx: Database): Promise<void> };
  codes: Pick<OneTimeCodes, 'revokeAll'>;
  passwords: Pick<PasswordHasher, 'verify'>;
  passwordRechecks: Pick<PasswordRecheckThrottle, 'check'>;
  requireAuth: onRequestAsyncHookHandler;
}): { routes: FastifyPluginAsyncZod } {
  const service = createAccountRemovalService({
    sessionChanges: deps.sessionChanges,
    db: deps.db,
    repo: deps.players,
    identities: deps.identities,
    codes: deps.codes,
    passwords: deps.passwords,
    rechecks: deps.passwordRechecks,
  });
  return { routes: accountRemovalRoutes(service, deps.requireAuth) };
}

/**
 * The default locale's global-components list, read at each request so a content publish
 * applies without a restart. A preview token that is not valid (a stale cookie) reads the
 * published list rather than refusing the sign-up.
 */
function registrationFieldsFrom(content: Pick<ContentService, 'get' | 'isPreviewToken'>) {
  return (preview: string | undefined) =>
    registrationFieldsOf(
      content.get(DEFAULT_LOCALE, 'global-components', {
        preview: content.isPreviewToken(preview) ? preview : undefined,
      }).document,
    );
}
