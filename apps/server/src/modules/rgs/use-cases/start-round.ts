import type { RoundAnswer, StartRoundBody } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { fairnessStateOf } from '../fairness.service.ts';
import type { BetLimits } from '../bet-limits.service.ts';
import type { FairnessRepo } from '../fairness.repo.ts';
import type { GameSessionRepo, GameSessionRow } from '../game-session.repo.ts';
import {
  assertBetLevel,
  assertCovers,
  assertLive,
  assertMayPlay,
  assertNoOpenRound,
} from '../play-rules.fns.ts';
import { fairFloats, isGameCurrency, toRound } from '../rgs.fns.ts';
import {
  engineOrFail,
  newRoundId,
  parseByEngine,
  runEngine,
  type RoundPosting,
  type RoundPostings,
} from '../round-step.ts';
import { columnsOf, settledEventOf } from '../rounds.fns.ts';
import type { RoundRow, RoundsRepo } from '../rounds.repo.ts';
import type { OnCommit, RoundsDeps } from './round-context.ts';

/** What a start touches: its event goes in the round's own statement, not through the outbox. */
export interface StartRoundDeps extends Pick<
  RoundsDeps,
  'fairness' | 'recordWager' | 'engineOf' | 'now'
> {
  repo: Pick<RoundsRepo, 'startReads' | 'insertBooked'>;
  sessions: Pick<GameSessionRepo, 'lockPlayerWithGame'>;
  seeds: Pick<FairnessRepo, 'takeNonce'>;
  postings: Pick<RoundPostings, 'post' | 'settle'>;
  limits: Pick<BetLimits, 'enforce'>;
}

/**
 * POST /api/rgs/rounds, inside the transaction that also stores the Idempotency-Key's answer
 * (decision 015). Statements: the player's row locked with the game; the nonce taken with what
 * the checks read (`startReads`); the ledger posting(s); the round, its event and its links to
 * the postings, answering the balance after them; then the caller stores the answer. The
 * posting comes as late as it can: it locks the player's account until commit (the house side
 * is not locked: decision 010).
 */
export function createStartRound(deps: StartRoundDeps) {
  const { repo, sessions } = deps;

  return async function startRound(
    tx: Database,
    session: GameSessionRow,
    body: StartRoundBody,
    onCommit: OnCommit,
  ): Promise<RoundAnswer> {
    assertLive(session, deps.now());
    const currency = session.currency;
    if (!isGameCurrency(currency)) throw new Error(`session in ${currency}`);
    assertBetLevel(currency, body.bet);
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
    assertNoOpenRound(reads.openRoundId);
    if (reads.limited) await deps.limits.enforce(tx, session.playerId, currency, body.bet);
    let seed = reads.seed;
    if (!seed) {
      // The player's first round: the pair is created now (and locked), then its nonce taken.
      const created = await deps.fairness.lockActiveIn(tx, session.playerId);
      const nonce = await deps.seeds.takeNonce(tx, created.id);
      seed = { ...created, nextNonce: nonce + 1 };
    }
    const nonce = seed.nextNonce - 1;
    const account = { accountId: session.accountId, currency };
    assertCovers(reads.balance, body.bet, account);
    const floats = fairFloats(seed, nonce, 0);
    const step = runEngine(() => engine.start(floats, body.bet, params));
    const extra = step.extraBet ?? 0;
    const stake = body.bet + extra;
    assertCovers(reads.balance, stake, account);
    const at = deps.now();
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
    // The settled event goes in the round's own statement (recordEventsSql), not through the
    // outbox door: one round trip less on the hottest path.
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
  };
}
