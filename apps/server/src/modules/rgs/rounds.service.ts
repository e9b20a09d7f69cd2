import {
  BetStatus,
  type GameEngine,
  type GameRoundSettledEvent,
  type Round,
  type RoundActionBody,
  type RoundAnswer,
  type StartRoundBody,
  type Step,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events/outbox.ts';
import type { BetLimits } from './bet-limits.service.ts';
import type { FairnessRepo, SeedRow } from './fairness.repo.ts';
import { fairnessStateOf, type FairnessService } from './fairness.service.ts';
import type { GameSessionRepo, GameSessionRow, RgsPlayer } from './game-session.repo.ts';
import { assertLive, assertMayPlay } from './game-session.service.ts';
import {
  engineOrFail,
  newRoundId,
  parseByEngine,
  runEngine,
  type RoundPosting,
  type RoundPostings,
} from './round-step.ts';
import { betLevelsOf, fairFloats, isGameCurrency, settledStatus, toRound } from './rgs.fns.ts';
import type { RoundRow, RoundsRepo } from './rounds.repo.ts';

/** Registers an effect to run once the step's transaction has committed. */
export type OnCommit = (effect: () => void) => void;

/** The ledger's refusal of a stake the balance does not cover (decision 010's wording). */
const insufficientFunds = (accountId: string, currency: string, stake: number) =>
  new AppError(
    'INSUFFICIENT_FUNDS',
    `Insufficient funds: the ${currency} account cannot pay ${stake} minor units`,
    { accountId, currency },
  );

export interface RoundsDeps {
  repo: RoundsRepo;
  sessions: GameSessionRepo;
  seeds: Pick<FairnessRepo, 'findById' | 'takeNonce' | 'findActive'>;
  fairness: Pick<FairnessService, 'lockActiveIn'>;
  postings: RoundPostings;
  limits: BetLimits;
  /** Sweeps Coins playthrough (decision 012), in the round's transaction. */
  recordWager: (tx: Database, playerId: string, amount: number) => Promise<unknown>;
  engineOf: (key: string) => GameEngine | undefined;
  now?: () => Date;
}

/**
 * Rounds (design §1–2): every step — the start, each action — is one database transaction that
 * holds the player's row (limits), takes a nonce from the locked seed pair, books the stake and
 * any win through the ledger and writes the round, so a crash leaves either all of it or none.
 */
export function createRoundsService(deps: RoundsDeps) {
  const { repo, sessions } = deps;
  const now = deps.now ?? (() => new Date());

  async function lockPlayer(tx: Database, playerId: string): Promise<RgsPlayer> {
    return assertMayPlay(await sessions.lockPlayer(tx, playerId));
  }

  type StepContext = {
    session: GameSessionRow;
    player: RgsPlayer;
    gameName: string;
    gameIdentity: string;
  };

  /** The game.round.settled event of a settled round; null while it is open. */
  function settledEventOf(ctx: StepContext, row: RoundRow): GameRoundSettledEvent | null {
    if (row.status === BetStatus.Open || !row.settledAt) return null;
    return {
      roundId: row.id,
      playerId: row.playerId,
      nickname: ctx.player.nickname ?? 'Player',
      gameId: ctx.gameIdentity,
      gameName: ctx.gameName,
      currency: row.currency,
      bet: row.bet,
      payout: row.payout,
      device: ctx.session.device as 'desktop',
      country: ctx.session.country,
      settledAt: row.settledAt.toISOString(),
    };
  }

  /**
   * Settles an action's step: the playthrough and, once settled, the game.round.settled event
   * (the boards and the big-win alerts feed on it after commit).
   */
  async function afterStep(
    tx: Database,
    ctx: StepContext,
    row: RoundRow,
    staked: number,
  ): Promise<void> {
    if (staked > 0 && row.currency === 'SC') await deps.recordWager(tx, row.playerId, staked);
    const event = settledEventOf(ctx, row);
    if (!event) return;
    await recordEvent(tx, { type: 'game.round.settled', playerId: row.playerId, payload: event });
  }

  async function answer(
    tx: Database,
    row: RoundRow,
    gameIdentity: string,
    accountId: string,
    roundSeed: SeedRow,
  ): Promise<RoundAnswer> {
    const active = (await deps.seeds.findActive(tx, row.playerId)) ?? roundSeed;
    return {
      round: toRound(row, gameIdentity, roundSeed),
      balance: await sessions.balanceOf(tx, accountId),
      fairness: fairnessStateOf(active),
    };
  }

  /** The step's outcome as round columns. */
  const columnsOf = (step: Step<unknown>, bet: number, at: Date) => ({
    bet,
    payout: step.done ? step.payout : 0,
    status: step.done ? settledStatus(step.payout) : BetStatus.Open,
    state: step.state ?? null,
    view: step.view ?? null,
    settledAt: step.done ? at : null,
  });

  return {
    /**
     * POST /api/rgs/rounds, inside the transaction that also stores the Idempotency-Key's answer
     * (decision 015). Statements: the player's row locked with the game; the nonce taken with
     * what the checks read (`startReads`); the ledger posting(s); the round, its event and its
     * links to the postings, answering the balance after them; then the caller stores the
     * answer. The posting comes as late as it can: it locks the player's account until commit (the
     * house side is not locked: decision 010).
     */
    async start(
      tx: Database,
      session: GameSessionRow,
      body: StartRoundBody,
      onCommit: OnCommit,
    ): Promise<RoundAnswer> {
      assertLive(session, now());
      const currency = session.currency;
      if (!isGameCurrency(currency)) throw new Error(`session in ${currency}`);
      if (!betLevelsOf(currency).includes(body.bet)) {
        throw new AppError('BET_NOT_ALLOWED', `The bet must be one of the ${currency} bet levels`, {
          fields: [{ field: 'body.bet', message: `One of ${betLevelsOf(currency).join(', ')}` }],
        });
      }
      const locked = await sessions.lockPlayerWithGame(tx, session.playerId, session.gameId);
      const player = assertMayPlay(locked?.player);
      const game = locked?.game;
      if (!game?.enabled) throw AppError.notFound('Game');
      const engine = engineOrFail(deps.engineOf, game.engine);
      const params = parseByEngine(engine.paramsSchema, body.params, 'body.params');
      const reads = await repo.startReads(tx, {
        playerId: session.playerId,
        gameId: session.gameId,
        accountId: session.accountId,
      });
      if (reads.openRoundId) {
        throw new AppError('ROUND_OPEN', 'A round of this game is open: finish it first', {
          roundId: reads.openRoundId,
        });
      }
      if (reads.limited) await deps.limits.enforce(tx, session.playerId, currency, body.bet);
      let seed = reads.seed;
      if (!seed) {
        // The player's first round: the pair is created now (and locked), then its nonce taken.
        const created = await deps.fairness.lockActiveIn(tx, session.playerId);
        const nonce = await deps.seeds.takeNonce(tx, created.id);
        seed = { ...created, nextNonce: nonce + 1 };
      }
      const nonce = seed.nextNonce - 1;
      const covers = (stake: number) => {
        if (reads.balance === null) throw new Error(`ledger account ${session.accountId} vanished`);
        if (reads.balance < stake) throw insufficientFunds(session.accountId, currency, stake);
      };
      covers(body.bet);
      const floats = fairFloats(seed, nonce, 0);
      const step = runEngine(() => engine.start(floats, body.bet, params));
      const extra = step.extraBet ?? 0;
      const stake = body.bet + extra;
      covers(stake);
      const at = now();
      const row: RoundRow = {
        id: newRoundId(),
        playerId: session.playerId,
        gameId: session.gameId,
        sessionId: session.id,
        seedId: seed.id,
        nonce,
        currency,
        params,
        actions: [],
        cursor: floats.used,
        createdAt: at,
        ...columnsOf(step, stake, at),
      };
      const ctx = { session, player, gameName: game.name, gameIdentity: game.identity };
      const target = { id: row.id, playerId: row.playerId, accountId: session.accountId, currency };
      let postings: RoundPosting[];
      if (step.done) {
        postings = await deps.postings.settle(tx, target, stake, row.payout, onCommit);
      } else {
        postings = [await deps.postings.post(tx, target, 'bet', body.bet, onCommit)];
        if (extra > 0)
          postings.push(await deps.postings.post(tx, target, 'extra:0', extra, onCommit));
      }
      const balance = await repo.insertBooked(tx, row, settledEventOf(ctx, row), {
        accountId: session.accountId,
        postings,
      });
      if (currency === 'SC' && reads.openCredits) await deps.recordWager(tx, row.playerId, stake);
      return {
        round: toRound(row, game.identity, seed),
        balance,
        fairness: fairnessStateOf(seed),
      };
    },

    /** POST /api/rgs/rounds/{id}/actions: accepted after the session expired (finish the round). */
    async act(
      tx: Database,
      session: GameSessionRow,
      roundId: string,
      body: RoundActionBody,
      onCommit: OnCommit,
    ): Promise<RoundAnswer> {
      const found = await repo.findWithGame(tx, roundId);
      if (!found || found.round.playerId !== session.playerId) throw AppError.notFound('Round');
      const engine = engineOrFail(deps.engineOf, found.engine);
      if (!engine.act || !engine.actionSchema) {
        throw new AppError('ROUND_CLOSED', 'This game takes no actions: its rounds settle at once');
      }
      const action = parseByEngine(engine.actionSchema, body.action, 'body.action');
      const act = engine.act.bind(engine);
      const player = await lockPlayer(tx, session.playerId);
      const locked = await repo.lockWithGame(tx, roundId);
      if (!locked) throw AppError.notFound('Round');
      const round = locked.round;
      if (round.status !== BetStatus.Open) {
        throw new AppError('ROUND_CLOSED', 'This round has settled already', { roundId });
      }
      const seed = await deps.seeds.findById(tx, round.seedId);
      if (!seed) throw new Error(`seed pair ${round.seedId} vanished`);
      const floats = fairFloats(seed, round.nonce, round.cursor);
      const step = runEngine(() => act(floats, round.state, action));
      const actions = [...(round.actions as unknown[]), action];
      // The round stays with the account and session it was opened in.
      const roundSession = (await sessionOf(tx, round)) ?? session;
      const target = {
        id: round.id,
        playerId: round.playerId,
        accountId: roundSession.accountId,
        currency: round.currency,
      };
      const postings: RoundPosting[] = [];
      const extra = step.extraBet ?? 0;
      if (extra > 0) {
        await deps.limits.enforce(tx, round.playerId, round.currency, extra);
        postings.push(
          await deps.postings.post(tx, target, `extra:${actions.length}`, extra, onCommit),
        );
      }
      const at = now();
      const row = await repo.update(tx, round.id, {
        actions,
        cursor: floats.used,
        ...columnsOf(step, round.bet + extra, at),
      });
      if (step.done && step.payout > 0) {
        postings.push(await deps.postings.post(tx, target, 'win', step.payout, onCommit));
      }
      await deps.postings.record(tx, round.id, postings);
      const game = await sessions.findGame(round.gameId, tx);
      const ctx = {
        session: roundSession,
        player,
        gameName: game?.name ?? locked.gameIdentity,
        gameIdentity: locked.gameIdentity,
      };
      await afterStep(tx, ctx, row, extra);
      return answer(tx, row, locked.gameIdentity, target.accountId, seed);
    },

    /**
     * Rolls an open round back (the game server's rollback of the provider contract): every
     * stake it booked goes back to the account it came from in one posting, and the round
     * ends Refunded with `payout` = the refund. No session is needed, so an expired one does
     * not stop it, nor does the player's standing (a blocked player is still owed the stake).
     * No game.round.settled event: nothing was won or lost, so no board, quest or alert counts
     * it. The Sweeps Coins playthrough the stakes counted stays counted (decision 016).
     */
    rollback(roundId: string, reason: string): Promise<Round> {
      return repo.db.transaction(async (tx) => {
        const found = await repo.findWithGame(tx, roundId);
        if (!found) throw AppError.notFound('Round');
        // The player's row first, as every step takes it, so a racing action queues behind.
        await sessions.lockPlayer(tx, found.round.playerId);
        const locked = await repo.lockWithGame(tx, roundId);
        if (!locked) throw AppError.notFound('Round');
        const round = locked.round;
        if (round.status !== BetStatus.Open) {
          throw new AppError('ROUND_CLOSED', 'This round has settled already', { roundId });
        }
        const target = {
          id: round.id,
          playerId: round.playerId,
          accountId: await accountOf(tx, round),
          currency: round.currency,
        };
        const postings =
          round.bet > 0
            ? [await deps.postings.post(tx, target, 'refund', round.bet, undefined, { reason })]
            : [];
        await deps.postings.record(tx, round.id, postings);
        const row = await repo.update(tx, round.id, {
          status: BetStatus.Refunded,
          payout: round.bet,
          settledAt: now(),
        });
        const seed = await deps.seeds.findById(tx, round.seedId);
        if (!seed) throw new Error(`seed pair ${round.seedId} vanished`);
        return toRound(row, locked.gameIdentity, seed);
      });
    },

    /** GET /api/rgs/rounds/{id}: the session player's own round. */
    get(session: GameSessionRow, roundId: string): Promise<RoundAnswer> {
      return repo.db.transaction(async (tx) => {
        const found = await repo.findWithGame(tx, roundId);
        if (!found || found.round.playerId !== session.playerId) throw AppError.notFound('Round');
        const seed = await deps.seeds.findById(tx, found.round.seedId);
        if (!seed) throw new Error(`seed pair ${found.round.seedId} vanished`);
        const accountId = await accountOf(tx, found.round);
        return answer(tx, found.round, found.gameIdentity, accountId, seed);
      });
    },
  };

  /** The account a round is played from: its game session's. */
  async function accountOf(tx: Database, round: RoundRow): Promise<string> {
    const s = await sessionOf(tx, round);
    if (!s) throw new Error(`game session ${round.sessionId} vanished`);
    return s.accountId;
  }

  function sessionOf(tx: Database, round: RoundRow) {
    return sessions.findSessionById(tx, round.sessionId);
  }
}
export type RoundsService = ReturnType<typeof createRoundsService>;
