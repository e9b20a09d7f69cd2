import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { SUPPORT_ANSWER_RPC } from '@coinfall/shared';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { buildKernel } from './kernel.ts';
import { createHttpServer, registerApi, type LogStream } from './platform/http-server.ts';
import { wireMessaging } from './platform/mail/mail.wiring.ts';
import { createSandboxOperatorAuth } from './platform/operator-auth.ts';
import { openSessionChanges } from './platform/sessions/session-changes.ts';
import { wireAnalytics } from './modules/analytics/analytics.wiring.ts';
import { wireAppsFlyer } from './modules/appsflyer/appsflyer.wiring.ts';
import { wireAttribution } from './modules/attribution/attribution.wiring.ts';
import { createAuditRepo } from './modules/backoffice/audit.repo.ts';
import { wireBackoffice } from './modules/backoffice/backoffice.wiring.ts';
import { wireBonus } from './modules/bonus/bonus.wiring.ts';
import { wireBonusPlay } from './modules/bonus/bonus-play.wiring.ts';
import { wireContent } from './modules/content/content.wiring.ts';
import { wireCore } from './modules/core/core.wiring.ts';
import { wireFingerprint } from './modules/fingerprint/fingerprint.wiring.ts';
import { wireGame } from './modules/game/game.wiring.ts';
import { wireGeo } from './modules/geo/geo.wiring.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { wireKyc } from './modules/kyc/kyc.wiring.ts';
import { wireLiveBoards } from './modules/live-boards/live-boards.wiring.ts';
import { wireInvoices } from './modules/invoice/invoice.wiring.ts';
import { wirePayments } from './modules/payment/payment.wiring.ts';
import { wirePaymentSandbox } from './modules/payment-sandbox/payment-sandbox.wiring.ts';
import { wireAccountRemoval, wirePlayer } from './modules/player/player.wiring.ts';
import { wireEventDelivery } from './modules/realtime/realtime-delivery.ts';
import { watchOutboxCommits } from './platform/events/outbox-commits.ts';
import { wireRealtime } from './modules/realtime/realtime.wiring.ts';
import { wireRedemptions } from './modules/redemption/redemption.wiring.ts';
import { wireRetention } from './modules/retention/retention.wiring.ts';
import { wireLoyalty } from './modules/retention/loyalty.wiring.ts';
import { wireSegments } from './modules/segments/segments.wiring.ts';
import { wireShop } from './modules/shop/shop.wiring.ts';
import { wireSweeps } from './modules/sweeps/sweeps.wiring.ts';
import { wireSweepsCompliance } from './modules/sweeps/sweeps-compliance.wiring.ts';
import { createSupportPasses } from './modules/support/support-passes.ts';
import { staffSocketStanding, supportAnswerRpc } from './modules/support/support.rpc.ts';
import { wireSupport } from './modules/support/support.wiring.ts';
import { US_REGIONS } from './modules/geo/geo.fns.ts';
import { wireProtection } from './modules/protection/protection.wiring.ts';
import { wireRealityChecks } from './modules/protection/reality-check.wiring.ts';
import { wireRgs } from './modules/rgs/rgs.wiring.ts';
import type { SiteBuild } from './modules/site/site.build.ts';
import { wireSite } from './modules/site/site.wiring.ts';
import { wireSocialLogin } from './modules/social/social.wiring.ts';
import { wireVerification } from './modules/verification/verification.wiring.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import type { PaymentExpiry } from './modules/payment/payment-expiry.service.ts';
import type { PurchaseRefunds } from './modules/payment/payment-refunds.service.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Shared store of a multi-node deployment; null keeps rate limits in this process. */
  redis: Redis | null;
  /** The built web app; null serves the API only (integration tests). */
  site: SiteBuild | null;
  /** The clock of time-based rules (limit cooling-off); tests inject one. */
  now?: () => Date;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
}

/**
 * Composition root (docs/decisions/018): the HTTP server and its plugins, the kernel that several
 * modules share (built once, here), then one wire<Module> call per module, each handed the
 * foreign capabilities it needs as narrow deps, and the /api scope with every module's routes.
 */
export async function buildApp({
  config,
  database: openedDatabase,
  redis,
  site,
  now,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = await createHttpServer(config, { logStream });
  // Every module takes `db` from this handle, so a commit that recorded outbox events on this
  // node wakes the dispatcher at once rather than at its next poll (decision 051).
  const { database, commits } = watchOutboxCommits(openedDatabase);
  const { db } = database;
  const log = app.log;
  // Ended sessions and changed players, told to every node (Redis pub/sub when configured).
  const sessionChanges = await openSessionChanges(redis, config.rateLimitKeyPrefix, (err) =>
    log.error({ err }, 'session change not sent to the other nodes'),
  );
  app.addHook('onClose', async () => sessionChanges.close());
  app.decorate('sessionChanges', sessionChanges);

  const kernel = buildKernel(db);
  // The staff audit trail: the back office and every module with staff edits write to it.
  const auditTrail = createAuditRepo();
  const messaging = wireMessaging({ app, config, db, log });
  // Who may use the operator tools under /api/dev (docs/decisions/019): the sandbox operator
  // token today; the back office's staff accounts will implement the same OperatorAuth.
  const operators = createSandboxOperatorAuth(config.sandboxOperator?.token ?? null);

  // Support passes and staff realtime tokens (decision 040): the player login hands out the first,
  // the gateway accepts both, the support module checks the first and issues the second.
  const supportPasses = createSupportPasses({
    secret: config.jwtSecret,
    now: now ? () => now().getTime() : undefined,
  });
  const core = wireCore({ db });
  const content = wireContent({ config, db, audit: auditTrail, log });
  // The back office's content edits are loaded before the first request (decision 055).
  app.addHook('onReady', () => content.start());
  app.addHook('onClose', async () => content.stop());
  const geo = wireGeo();
  // The ZIP tables load while the rest of the app is built; listening waits for what is left of
  // it, so no request (no SC round's transaction) waits on it (decision 046). A failure is
  // logged and leaves the lazy load to the first request, as before.
  if (config.geoWarmAtStart) {
    const started = Date.now();
    const warming = geo.warm().then(
      () => log.info({ ms: Date.now() - started }, 'geo tables loaded'),
      (err: unknown) => log.error({ err }, 'geo tables not loaded at start-up'),
    );
    app.addHook('onReady', async () => {
      await warming;
    });
  }
  const attribution = wireAttribution({ config, db });
  const player = wirePlayer({
    config,
    db,
    redis,
    sessionChanges,
    mailer: messaging.mailer,
    outbox: kernel.outbox,
    wallet: kernel.wallet,
    // Welcome coins (decision 024), granted by the bonus engine wired below, which needs the
    // auth guard built here; registration only runs once the app is ready. With the device
    // fingerprint on they wait for the player's device (decision 049).
    welcome: (tx, playerId) => fingerprint.welcomeAtRegistration(tx, playerId),
    usZipPlace: geo.usZipPlace,
    // The jurisdiction table's minimum age (decision 035), read once the app is ready.
    minAgeAt: (place) => protection.jurisdiction.minAgeAt(place),
    supportPass: supportPasses.supportPass,
    recordAttribution: attribution.record,
    content: content.service,
    log,
    now,
  });
  const { requireAuth } = player;
  const verification = wireVerification({
    db,
    players: player.repo,
    sms: messaging.sms,
    outbox: kernel.outbox,
    requireAuth,
    now,
  });
  const mailbox = messaging.mailboxRoutes({
    operators,
    authenticate: player.authenticate,
    // A player reads the mail to their email and the texts to their numbers, nothing else.
    recipientsOf: verification.recipientsOf,
  });
  const kyc = wireKyc({ db, players: player.repo, outbox: kernel.outbox, requireAuth, now });
  const social = await wireSocialLogin({
    app,
    config,
    db,
    players: player.repo,
    sessions: player.sessions,
    accounts: player.accounts,
  });
  const accountRemoval = wireAccountRemoval({
    db,
    sessionChanges,
    players: player.repo,
    identities: social.repo,
    codes: player.codes,
    passwords: player.passwords,
    passwordRechecks: player.passwordRechecks,
    requireAuth,
  });
  // Invoices (history, totals, payers) and Sweeps Coins credits: below payments and redemptions.
  const invoices = wireInvoices({ db, requireAuth });
  const sweeps = wireSweeps({
    db,
    invoices: invoices.invoices,
    ledger: kernel.ledger,
    wallet: kernel.wallet,
    players: kernel.players,
    now,
  });
  // Bonuses (decision 024): below redemptions, payments and the game server, which use them.
  const bonus = wireBonus({
    db,
    ledger: kernel.ledger,
    wallet: kernel.wallet,
    credits: sweeps.credits,
    outbox: kernel.outbox,
    players: kernel.players,
    idempotency: kernel.idempotency,
    requireAuth,
    // A VIP level's better daily bonus (decision 029), read from loyalty wired just below.
    dailyBonusPercent: (tx, playerId) => loyalty.dailyBonusPercent(tx, playerId),
    audit: auditTrail,
    // The jurisdiction rules' purchase-bonus flag (decision 046), from protection wired below.
    purchaseBonuses: {
      assert: (tx, playerId) => protection.jurisdiction.assertPurchaseBonuses(tx, playerId),
      allowed: (tx, playerId) => protection.jurisdiction.allowsPurchaseBonuses(tx, playerId),
    },
    // Rewards granted without a claim withhold their Sweeps Coins where SC play is refused (052).
    sweepsPlayAllowed: (tx, playerId) => protection.jurisdiction.allowsSweepsPlay(tx, playerId),
    log,
    now,
  });
  // The device fingerprint (decision 049): device links, and welcome coins once per device.
  const fingerprint = wireFingerprint({
    db,
    content: content.service,
    players: player.repo,
    playerLock: kernel.players,
    welcome: { grant: bonus.grantWelcome, hadWelcome: bonus.hadWelcome },
    requireAuth,
    now,
  });
  // Loyalty levels and VIP (decision 029): rewards and rakeback are issued by the bonus engine.
  const loyalty = wireLoyalty({
    db,
    background: database.background,
    players: kernel.players,
    outbox: kernel.outbox,
    grant: bonus.grantBySlug,
    requireAuth,
    vipHost: config.vipHost,
    audit: auditTrail,
    log,
    now,
  });
  // Segments (decision 050): rule memberships kept by an outbox consumer and a leader-only sweep.
  const segments = wireSegments({
    db,
    background: database.background,
    audit: auditTrail,
    log,
    now,
  });
  // Redemptions, withdrawals, W-9 (decision 012).
  const redemptions = wireRedemptions({
    config,
    db,
    requireAuth,
    operators,
    idempotency: kernel.idempotency,
    ledger: kernel.ledger,
    outbox: kernel.outbox,
    players: kernel.players,
    segments: segments.repo,
    playthrough: sweeps.playthrough,
    operatorCredits: sweeps.operatorCredits,
    invoiceRows: invoices.invoices,
    rates: kernel.rates,
    beforeRedemption: bonus.beforeRedemption,
    // The jurisdiction rules' redemption flag (decision 046), from protection wired below.
    assertRedemptions: (tx, playerId) => protection.jurisdiction.assertRedemptions(tx, playerId),
    allowsRedemptions: (tx, playerId) => protection.jurisdiction.allowsRedemptions(tx, playerId),
    now,
  });
  const shop = wireShop({
    db,
    requireAuth,
    idempotency: kernel.idempotency,
    outbox: kernel.outbox,
    payers: invoices.payers,
    now,
  });
  // Payments (decision 011): provider (sandbox under /sandbox-cashier), invoices, settlement,
  // webhooks; the provider's payout events settle redemptions.
  const payments = await wirePayments({
    app,
    config,
    db,
    requireAuth,
    idempotency: kernel.idempotency,
    ledger: kernel.ledger,
    outbox: kernel.outbox,
    wallet: kernel.wallet,
    limits: player.limits,
    payers: invoices.payers,
    purchases: shop.purchases,
    credits: sweeps.credits,
    provider: await wirePaymentSandbox({ app, config, db, now }),
    invoiceRows: invoices.invoices,
    rates: kernel.rates,
    now,
    onPayoutEvent: redemptions.onPayoutEvent,
    onPurchaseCompleted: bonus.onPurchaseCompleted,
  });
  // Breaks and self-exclusion (issue 16, decision 030): the doors read players.excluded_until.
  const protection = wireProtection({
    db,
    requireAuth,
    operators,
    sessionChanges,
    endSessions: (tx, playerId, at) => player.repo.endSessionsExcept(playerId, null, at, tx),
    // The game server is wired below, and needs the jurisdiction door built here.
    rollbackOpenRounds: (playerId, reason) => rgs.rollbackOpenRoundsOf(playerId, reason),
    regionCodes: US_REGIONS,
    usStateAt: geo.usStateAt,
    audit: auditTrail,
    log,
    now,
  });
  // Free entry by mail and Sweeps Coins expiry (issue 16, decision 035).
  const sweepsCompliance = wireSweepsCompliance({
    db,
    requireAuth,
    players: kernel.players,
    ledger: kernel.ledger,
    wallet: kernel.wallet,
    credits: sweeps.credits,
    playthrough: sweeps.playthrough,
    audit: auditTrail,
    assertSweepsPlay: (tx, playerId) => protection.jurisdiction.assertSweepsPlay(tx, playerId),
    mailer: messaging.mailer,
    publicUrl: config.publicUrl,
    amoe: config.amoe,
    expiry: config.sweepsExpiry,
    log,
    now,
  });
  // Game server (ARCHITECTURE §3): launch, game sessions, provably fair rounds, fairness, replay.
  const rgs = wireRgs({
    config,
    db,
    background: database.background,
    requireAuth,
    operators,
    ledger: kernel.ledger,
    idempotency: kernel.idempotency,
    outbox: kernel.outbox,
    limits: player.limits,
    currencies: kernel.walletRepo,
    recordWager: sweeps.recordWager,
    sweeps: protection.jurisdiction,
    bonus: wireBonusPlay({ db, lifecycle: bonus.lifecycle, outbox: kernel.outbox, now }),
    log,
    sessionChanges,
    now,
    roundPipeline: database.driver === 'postgres' ? 2 : 1,
  });
  // Reality checks (decision 036): play sessions are read from the game server's rounds.
  const realityChecks = wireRealityChecks({
    db,
    requireAuth,
    playSessions: rgs.playSessions,
    now,
  });
  // Quests and chains (decision 028): progress and awards are outbox consumers below.
  const retention = wireRetention({
    db,
    background: database.background,
    outbox: kernel.outbox,
    players: kernel.players,
    requireAuth,
    log,
    grantBonus: bonus.grantBySlug,
    ledger: kernel.ledger,
    wallet: kernel.wallet,
    credits: sweeps.credits,
    awardLoyaltyPoints: loyalty.awardLoyaltyPoints,
    sweepsPlayAllowed: (tx, playerId) => protection.jurisdiction.allowsSweepsPlay(tx, playerId),
    audit: auditTrail,
    now,
  });
  // Realtime gateway (decision 013); `realtime.broker` is where publishers publish.
  const realtime = await wireRealtime({
    app,
    config,
    redis,
    tokens: player.tokens,
    findSession: player.findAuthSession,
    sessionChanges,
    passes: supportPasses.inspectForGateway,
    logger: log,
  });
  const liveBoards = wireLiveBoards({
    config,
    db,
    background: database.background,
    broker: realtime.broker,
    outbox: kernel.outbox,
    operators,
    log,
  });
  // Live support chat (decision 040): the console's routes are mounted by the back office below.
  const support = wireSupport({
    config,
    db,
    outbox: kernel.outbox,
    authenticate: player.authenticate,
    passes: supportPasses,
    rpc: realtime.rpc,
    audit: auditTrail,
    mailer: messaging.mailer,
    log,
    now,
  });
  // Analytics ingest (decision 027): /2/httpapi and /batch at the root, reports and a player's
  // events under /api/admin (decisions 048, 054), forwarding to Amplitude when configured.
  const analytics = wireAnalytics({
    app,
    config,
    db,
    background: database.background,
    redis,
    operators,
    now,
  });
  // The back office (decision 031): staff accounts, roles, audit, the operator's work.
  const backoffice = wireBackoffice({
    auditTrail,
    config,
    db,
    passwords: player.passwords,
    throttle: player.staffLoginThrottle,
    sessionChanges,
    players: player.repo,
    forcedResets: player.forcedResets,
    playerLock: kernel.players,
    ledger: kernel.ledger,
    wallet: kernel.wallet,
    credits: sweeps.credits,
    payouts: redemptions,
    provider: () => payments.provider,
    mounted: [
      content.adminRoutes,
      sweepsCompliance.adminRoutes,
      protection.adminRoutes,
      segments.adminRoutes,
      bonus.adminRoutes,
      retention.adminRoutes,
      loyalty.adminRoutes,
      support.adminRoutes,
      attribution.adminRoutes,
      analytics.adminRoutes,
    ],
    kycReview: {
      ...player.documentReview,
      lockPlayer: player.repo.lockPlayer,
      recordStaffReview: kyc.recordStaffReview,
    },
    staffRounds: rgs.staffRounds,
    protection: {
      standing: protection.service.ofPlayer,
      realityCheckMinutes: realityChecks.service.intervalOf,
      askLift: (playerId, protectionId, within) =>
        protection.service.askLift(playerId, protectionId, within),
    },
    operators,
    now,
  });
  // Agents answer on the console's socket as well (decision 071): its staff session is checked
  // per call by the back office's own check.
  realtime.rpc.register(
    SUPPORT_ANSWER_RPC,
    supportAnswerRpc(support.console, backoffice.staffActorOf),
  );
  // The console's socket stands while its staff session and support.chat role do (decision 074).
  realtime.checkStaffWith(staffSocketStanding(backoffice.staffActorOf));
  // App conversions to AppsFlyer (decision 048): taken into the outbox, sent by their own sender.
  const appsFlyer = wireAppsFlyer({
    config,
    db,
    background: database.background,
    outbox: kernel.outbox,
    authenticate: player.authenticate,
    operators,
    log,
    now,
  });
  // Outbox delivery (decision 013), on every node's shared broker (Redis when configured) so a
  // client anywhere gets what the leader delivers: realtime publications, then these handlers.
  const delivery = wireEventDelivery({
    app,
    database,
    commits,
    broker: realtime.broker,
    handlers: [
      liveBoards.handler,
      rgs.bigWinAlerts,
      ...retention.handlers,
      loyalty.handler,
      segments.handler,
      ...(appsFlyer.sender ? [appsFlyer.sender.handler] : []),
    ],
    housekeeping: [
      liveBoards.housekeeping,
      bonus.housekeeping,
      analytics.housekeeping,
      retention.housekeeping,
      loyalty.housekeeping,
      segments.housekeeping,
      sweepsCompliance.housekeeping,
      payments.housekeeping,
      ...(appsFlyer.sender ? [appsFlyer.sender.housekeeping] : []),
    ],
  });
  // The segments' background re-check (decision 064): resumes any unfinished run on start.
  app.addHook('onReady', async () => segments.recheck.start());
  app.addHook('onClose', async () => segments.recheck.stop());
  if (appsFlyer.sender) {
    const sender = appsFlyer.sender;
    app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', async () => sender.stop());
  }
  app.addHook('onClose', async () => liveBoards.service.stop());
  // Reachable from the app for whoever needs the same broker or dispatcher (tests).
  app.decorate('eventDelivery', { ...delivery, liveBoards: liveBoards.service });
  app.decorate('bonus', bonus);
  app.decorate('retention', retention);
  app.decorate('loyalty', loyalty);
  app.decorate('segments', segments);
  app.decorate('backoffice', backoffice);
  app.decorate('sweepsCompliance', sweepsCompliance);
  app.decorate('paymentExpiry', payments.expiry);
  app.decorate('appsFlyer', appsFlyer.sender);
  app.decorate('amplitudeForwarder', analytics.forwarder);
  app.decorate('purchaseRefunds', payments.refunds);
  // The catalog owns /api/game and mounts what the boards and the game server serve there.
  const game = wireGame({
    db,
    requireAuth,
    mounted: [liveBoards.gameRoutes, rgs.gameRoutes, bonus.gameRoutes],
  });

  await registerApi(app, { config, redis }, async (api) => {
    await api.register(healthRoutes({ database, redis }));
    await api.register(realtime.routes);
    await api.register(core.routes, { prefix: '/core' });
    await api.register(content.routes, { prefix: '/content' });
    await api.register(player.routes, { prefix: '/player' });
    await api.register(mailbox.api);
    await api.register(verification.routes, { prefix: '/player' });
    await api.register(kyc.routes, { prefix: '/player' });
    await api.register(geo.routes, { prefix: '/geo' });
    await api.register(social.routes, { prefix: '/player' });
    await api.register(walletRoutes(kernel.wallet, requireAuth), { prefix: '/wallet' });
    await api.register(shop.routes);
    await api.register(payments.routes);
    await api.register(segments.routes);
    await api.register(redemptions.routes);
    await api.register(invoices.routes);
    await api.register(liveBoards.devRoutes);
    await api.register(game.routes, { prefix: '/game' });
    await api.register(rgs.routes);
    await api.register(accountRemoval.routes, { prefix: '/users' });
    await api.register(analytics.routes);
    await api.register(fingerprint.routes);
    await api.register(appsFlyer.routes);
    await api.register(retention.routes, { prefix: '/retention' });
    await api.register(loyalty.routes, { prefix: '/retention' });
    await api.register(protection.routes);
    await api.register(sweepsCompliance.routes);
    await api.register(realityChecks.routes);
    await api.register(backoffice.routes, { prefix: '/admin' });
    await api.register(backoffice.devRoutes, { prefix: '/dev' });
    await api.register(support.routes, { prefix: '/support' });
  });
  await app.register(analytics.ingest);
  if (attribution.sandboxPixel) await app.register(attribution.sandboxPixel);
  await app.register(mailbox.page);
  await app.register(
    wireSite({
      app,
      build: site,
      content: content.service,
      core: core.service,
      growth: {
        analyticsKey: config.growth.siteAnalyticsKey,
        affiliatePixel: config.growth.affiliatePixel,
      },
    }).routes,
  );
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's event delivery and live boards, for tests that drive them. */
    eventDelivery: ReturnType<typeof wireEventDelivery> & {
      liveBoards: ReturnType<typeof wireLiveBoards>['service'];
    };
    /** The bonus engine, for tests that drive its lifecycle directly. */
    bonus: ReturnType<typeof wireBonus>;
    /** Quests, for tests that drive the engine or its catalogue. */
    retention: ReturnType<typeof wireRetention>;
    /** Loyalty and VIP, for tests that award points or run the rakeback credit. */
    loyalty: ReturnType<typeof wireLoyalty>;
    segments: ReturnType<typeof wireSegments>;
    /** The back office: staff accounts (demo seed, tests) and its guarded route table. */
    backoffice: ReturnType<typeof wireBackoffice>;
    /** Free entry by mail and Sweeps Coins expiry, for tests that run the expiry job. */
    sweepsCompliance: ReturnType<typeof wireSweepsCompliance>;
    /** The expiry of abandoned payments, for tests that run it on a moved clock. */
    paymentExpiry: PaymentExpiry;
    /** The AppsFlyer sender (null: nowhere to send), for tests that drive its deliveries. */
    appsFlyer: ReturnType<typeof wireAppsFlyer>['sender'];
    /** The forwarding to Amplitude (null: off), for tests that drive it. */
    amplitudeForwarder: ReturnType<typeof wireAnalytics>['forwarder'];
    /** The refunds of purchases refused for an exclusion, for tests that run them. */
    purchaseRefunds: PurchaseRefunds;
  }
}
