import type { RoundActionBody, RoundAnswer } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { GameSessionRow } from '../game-session.repo.ts';
import { assertMayPlay, assertRoundOpen } from '../play-rules.fns.ts';
import { fairFloats } from '../rgs.fns.ts';
import { engineOrFail, parseByEngine, runEngine, type RoundPosting } from '../round-step.ts';
import { columnsOf, settledEventOf } from '../rounds.fns.ts';
import { answerOf, sessionOf, type OnCommit, type RoundsDeps } from './round-context.ts';

/**
 * POST /api/rgs/rounds/{id}/actions, in the Idempotency-Key's transaction like a start: accepted
 * after the session expired (the player finishes the round). The step's stakes and win are
 * booked, then the playthrough and, once the round settles, its game.round.settled event (the
 * boards and the big-win alerts feed on it after commit).
 */
export function createActOnRound(deps: RoundsDeps) {
  const { repo, sessions } = deps;

  return async function actOnRound(
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
    const player = assertMayPlay(await sessions.lockPlayer(tx, session.playerId));
    const locked = await repo.lockWithGame(tx, roundId);
    if (!locked) throw AppError.notFound('Round');
    const round = locked.round;
    assertRoundOpen(round);
    const seed = await deps.seeds.findById(tx, round.seedId);
    if (!seed) throw new Error(`seed pair ${round.seedId} vanished`);
    const floats = fairFloats(seed, round.nonce, round.cursor);
    const step = runEngine(() => act(floats, round.state, action));
    const actions = [...(round.actions as unknown[]), action];
    // The round stays with the account and session it was opened in.
    const roundSession = (await sessionOf(deps, tx, round)) ?? session;
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
    const row = await repo.update(tx, round.id, {
      actions,
      cursor: floats.used,
      ...columnsOf(step, round.bet + extra, deps.now()),
    });
    if (step.done && step.payout > 0) {
      postings.push(await deps.postings.post(tx, target, 'win', step.payout, onCommit));
    }
    await deps.postings.record(tx, round.id, postings);
    const game = await sessions.findGame(round.gameId, tx);
    if (extra > 0 && row.currency === 'SC') await deps.recordWager(tx, row.playerId, extra);
    const event = settledEventOf(
      {
        session: roundSession,
        player,
        gameName: game?.name ?? locked.gameIdentity,
        gameIdentity: locked.gameIdentity,
      },
      row,
    );
    if (event) {
      await deps.outbox.record(tx, {
        type: 'game.round.settled',
        playerId: row.playerId,
        payload: event,
      });
    }
    return answerOf(deps, tx, {
      row,
      gameIdentity: locked.gameIdentity,
      accountId: target.accountId,
      seed,
    });
  };
}
