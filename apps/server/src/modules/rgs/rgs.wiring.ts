import type { FastifyBaseLogger, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GameEngine } from '@coinfall/shared';
import { engineOf as sharedEngineOf } from '@coinfall/shared/games/index';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxHandler } from '../../platform/events/outbox-dispatcher.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import type { SessionChanges } from '../../platform/sessions/session-changes.ts';
import type { BonusPlay } from '../bonus/bonus-play.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { LimitsRepo } from '../player/limits.repo.ts';
import type { WalletRepo } from '../wallet/wallet.repo.ts';
import { createBetLimits } from './bet-limits.service.ts';
import { createBigWinAlerts } from './big-win-alert.ts';
import { createBigWinAlertsRepo } from './big-win-alerts.repo.ts';
import { createFairnessRepo } from './fairness.repo.ts';
import { createFairnessService } from './fairness.service.ts';
import { gameServerRoutes } from './game.routes.ts';
import { createGameSessionGuard } from './game-session.guard.ts';
import { createGameSessionRepo } from './game-session.repo.ts';
import { createGameSessionService } from './game-session.service.ts';
import { createReplayService, type ReplayService } from './replay.service.ts';
import { rgsDevRoutes } from './rgs-dev.routes.ts';
import { rgsRoutes } from './rgs.routes.ts';
import { createRoundPostings } from './round-step.ts';
import { createPlaySessionsRepo, type PlaySessionsRepo } from './play-sessions.repo.ts';
import { createRoundsRepo } from './rounds.repo.ts';
import type { SweepsDoor } from './use-cases/round-context.ts';
import { createStartRoundsBatch, type StartRoundInput } from './use-cases/start-rounds-batch.ts';
import { createRoundsService, type RoundsService } from './rounds.service.ts';

/**
 * The game server (ARCHITECTURE §3): launch and fairness under /api/game (player token; the
 * catalog's wiring mounts `gameRoutes`), the game client's API under /api/rgs (game-session
 * token). Returns the /api plugin, the /game plugin and the big-win alerts' outbox handler.
 */
export function wireRgs(deps: {
  config: Config;
  db: Database;
  /** Where the big-win alerts' outbox handler writes (DatabaseHandle.background); `db` if absent. */
  background?: Database;
  requireAuth: onRequestAsyncHookHandler;
  /** The guard of the sandbox operator tools (/api/dev). */
  operators: Pick<OperatorAuth, 'requireOperator'>;
  /** The root's kernel: the one ledger, idempotency store and outbox door. */
  ledger: Pick<LedgerService, 'post' | 'postMany' | 'houseAccount'>;
  idempotency: Idempotency;
  outbox: OutboxRecorder;
  /** The player's stored limits, read at bet time (wager and loss). */
  limits: Pick<LimitsRepo, 'listByPlayer'>;
  /** The currency rates (a cash limit values Sweeps Coins at them). */
  currencies: Pick<WalletRepo, 'listCurrencies'>;
  /** The bonus engine's side of a round (bonus wiring): active bonus, wagering, free spins. */
  bonus: BonusPlay;
  /** Sweeps Coins playthrough (redemptions wiring). */
  recordWager: (tx: Database, playerId: string, amount: number) => Promise<unknown>;
  /** Jurisdiction rules (protection wiring): where Sweeps Coins play is allowed. */
  sweeps: SweepsDoor;
  log: FastifyBaseLogger;
  /** Published session changes: the game-session guard drops what it cached of the players. */
  sessionChanges?: Pick<SessionChanges, 'subscribe'>;
  now?: () => Date;
  /** The math modules by key; the shared registry unless told otherwise. */
  engineOf?: (key: string) => GameEngine | undefined;
  /**
   * Round batches written at once (decision 073): 2 on PostgreSQL; 1, the default, on the
   * embedded database, whose one connection takes one transaction at a time.
   */
  roundPipeline?: number;
}): {
  routes: FastifyPluginAsyncZod;
  gameRoutes: FastifyPluginAsyncZod;
  bigWinAlerts: OutboxHandler;
  /** Refunds every open round of a player (breaks and self-exclusions, decision 030). */
  rollbackOpenRoundsOf: (playerId: string, reason: string) => Promise<number>;
  /** The back office's rounds (decision 037): any round's replay, one round's rollback. */
  staffRounds: {
    replay: ReplayService['replayForStaff'];
    rollback: RoundsService['rollback'];
  };
  /** The player's play sessions, read from the rounds (reality checks, decision 036). */
  playSessions: PlaySessionsRepo;
} {
  const { db, now } = deps;
  const sessionRepo = createGameSessionRepo(db);
  const seeds = createFairnessRepo(db);
  const roundsRepo = createRoundsRepo(db);
  const playSessions = createPlaySessionsRepo(db);
  const fairness = createFairnessService({
    repo: seeds,
    players: sessionRepo,
    rounds: roundsRepo,
    now,
  });
  const sessions = createGameSessionService({
    sweeps: deps.sweeps,
    repo: sessionRepo,
    seeds,
    rounds: roundsRepo,
    fairness,
    bonus: deps.bonus,
    now,
  });
  const postings = createRoundPostings({
    ledger: deps.ledger,
    rounds: roundsRepo,
    houseAccount: (tx, currency) => deps.ledger.houseAccount(tx, 'bankroll', currency),
  });
  const rounds = createRoundsService({
    sweeps: deps.sweeps,
    repo: roundsRepo,
    sessions: sessionRepo,
    seeds,
    fairness,
    postings,
    limits: createBetLimits({
      limits: deps.limits,
      rounds: roundsRepo,
      playSessions,
      currencies: deps.currencies,
      now,
    }),
    recordWager: deps.recordWager,
    bonus: deps.bonus,
    outbox: deps.outbox,
    engineOf: deps.engineOf ?? sharedEngineOf,
    now,
  });
  // Round starts settle together (group commit, decision 072); the rest one by one.
  const startRounds = deps.idempotency.batch<StartRoundInput>({
    write: createStartRoundsBatch({
      repo: roundsRepo,
      sessions: sessionRepo,
      ledger: deps.ledger,
      bankroll: postings.bankroll,
      sweepsPlayOf: (tx, ids) => deps.sweeps.sweepsPlayOf(tx, ids),
      engineOf: deps.engineOf ?? sharedEngineOf,
      progressEvent: (bonus, wagered, balance) => deps.bonus.progressEvent(bonus, wagered, balance),
      now: now ?? (() => new Date()),
    }),
    one: (tx, input, onCommit) => rounds.start(tx, input.session, input.body, onCommit),
    pipeline: deps.roundPipeline,
  });
  const replay = createReplayService({ rounds: roundsRepo, seeds });
  const requireGameSession = createGameSessionGuard({
    repo: sessionRepo,
    changes: deps.sessionChanges,
  });

  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(
      rgsRoutes({
        sessions,
        rounds,
        startRounds,
        idempotency: deps.idempotency,
        requireGameSession,
      }),
      { prefix: '/rgs' },
    );
    if (!deps.config.sandbox) return;
    const { requireOperator } = deps.operators;
    await api.register(rgsDevRoutes({ rounds, fairness, requireOperator }), { prefix: '/dev' });
  };
  const bigWinAlerts = createBigWinAlerts({
    repo: createBigWinAlertsRepo(deps.background ?? db),
    slackWebhookUrl: deps.config.slackWebhookUrl,
    log: deps.log,
  });
  return {
    routes,
    // Launch, fairness and replay: mounted under /game by the catalog's wiring (decision 018).
    gameRoutes: gameServerRoutes({ sessions, fairness, replay, requireAuth: deps.requireAuth }),
    bigWinAlerts: (event) => bigWinAlerts.onEvent(event),
    rollbackOpenRoundsOf: (playerId, reason) => rounds.rollbackOpenRoundsOf(playerId, reason),
    staffRounds: { replay: replay.replayForStaff, rollback: rounds.rollback },
    playSessions,
  };
}
