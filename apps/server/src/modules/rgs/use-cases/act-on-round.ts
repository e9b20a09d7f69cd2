import type { GameBonus, RoundActionBody, RoundAnswer } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { GameSessionRow } from '../game-session.repo.ts';
import { splitStake, splitWin } from '../../bonus/bonus.fns.ts';
import { bonusAfterRound, isActive, type ActiveBonus } from '../../bonus/bonus-play.fns.ts';
import {
  assertCovers,
  assertMayPlay,
  assertRoundOpen,
  assertUnderMaxBet,
} from '../play-rules.fns.ts';
import { gameBonusOf, gameFreeSpinsOf } from '../round-bonus.fns.ts';
import { fairFloats } from '../rgs.fns.ts';
import { engineOrFail, runEngine, type RoundPosting } from '../round-step.ts';
import { parseInput } from '../../../platform/input-validation.ts';
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
    const action = parseInput(engine.actionSchema, body.action, 'body.action');
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
    // The round's bonus, while it is active: its stakes and wins move the bonus account too.
    const roundBonus = round.bonusId === null ? null : await deps.bonus.findById(tx, round.bonusId);
    const bonus = isActive(roundBonus?.row) ? roundBonus : null;
    const target = {
      id: round.id,
      playerId: round.playerId,
      accountId: roundSession.accountId,
      currency: round.currency,
      bonusAccountId: bonus?.accountId ?? null,
    };
    const postings: RoundPosting[] = [];
    const extra = step.extraBet ?? 0;
    let bonusBet = round.bonusBet;
    let bonusBalance = bonus?.balance ?? 0;
    let extraCash = extra;
    if (extra > 0) {
      if (round.freeSpinId !== null) throw new Error(`free-spin round ${round.id} staked again`);
      await deps.limits.enforce(tx, round.playerId, round.currency, extra);
      let part = { cash: extra, bonus: 0 };
      if (bonus) {
        assertUnderMaxBet(extra, bonus.row.maxBet, round.currency);
        const cash = await sessions.balanceOf(tx, target.accountId);
        const split = splitStake(extra, cash, bonus.balance);
        assertCovers(split ? extra : cash, extra, target);
        part = { cash: split?.fromCash ?? extra, bonus: split?.fromBonus ?? 0 };
        extraCash = part.cash;
        bonusBet += part.bonus;
        bonusBalance -= part.bonus;
      }
      postings.push(
        await deps.postings.post(tx, target, `extra:${actions.length}`, part, onCommit),
      );
    }
    const row = await repo.update(tx, round.id, {
      actions,
      cursor: floats.used,
      bonusBet,
      ...columnsOf(step, round.bet + extra, deps.now()),
    });
    if (step.done && step.payout > 0 && round.freeSpinId === null) {
      const win = splitWin(step.payout, { fromCash: row.bet - bonusBet, fromBonus: bonusBet });
      // A bonus that ended while the round was open forfeited its share (as its balance was).
      const paid = { cash: win.toCash, bonus: bonus ? win.toBonus : 0 };
      bonusBalance += paid.bonus;
      if (paid.cash + paid.bonus > 0) {
        postings.push(await deps.postings.post(tx, target, 'win', paid, onCommit));
      }
    }
    await deps.postings.record(tx, round.id, postings);
    const game = await sessions.findGame(round.gameId, tx);
    // Playthrough counts the player's own coins, not the bonus part of a stake.
    if (extra > 0 && row.currency === 'SC' && extraCash > 0) {
      await deps.recordWager(tx, row.playerId, extraCash);
    }
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
    const spun =
      round.freeSpinId !== null && step.done
        ? await freeSpinSettled(deps, tx, round.freeSpinId, row.payout)
        : null;
    const bonusView =
      bonus && step.done
        ? await settleBonus(deps, tx, bonus, { stake: row.bet, gameKind: game?.kind, bonusBalance })
        : bonus && gameBonusOf(bonus, bonus.row.wagered, bonusBalance);
    const answer = await answerOf(deps, tx, {
      row,
      gameIdentity: locked.gameIdentity,
      accountId: target.accountId,
      seed,
    });
    return {
      ...answer,
      ...(round.bonusId === null ? {} : { bonus: bonusView || null }),
      ...(spun ? { freeSpins: gameFreeSpinsOf(spun) } : {}),
    };
  };
}

/** A free-spin round settled: its win adds to the free spin, the last one pays them all. */
async function freeSpinSettled(deps: RoundsDeps, tx: Database, id: number, payout: number) {
  const spin = await deps.bonus.findFreeSpin(tx, id);
  if (!spin) throw new Error(`free spin ${id} vanished`);
  return deps.bonus.freeSpinPlayed(tx, spin, { started: false, settled: true, payout });
}

/**
 * A round of an active bonus settled: its stake's wagering counts; the bonus completes, is lost
 * (balance 0 and no open round holding a bonus stake) or publishes its progress.
 */
async function settleBonus(
  deps: RoundsDeps,
  tx: Database,
  bonus: ActiveBonus,
  round: { stake: number; gameKind: string | undefined; bonusBalance: number },
): Promise<GameBonus | null> {
  const after = bonusAfterRound(bonus.row, {
    stake: round.stake,
    gameKind: round.gameKind ?? '',
    bonusBalanceAfter: round.bonusBalance,
  });
  const lost = after.end === 'depleted' && !(await deps.repo.hasOpenBonusStake(tx, bonus.row));
  if (after.end === 'complete' || lost) {
    await deps.bonus.end(tx, bonus, after.wagered, lost ? 'deplete' : 'complete');
    return null;
  }
  if (after.changed) await deps.bonus.progress(tx, bonus, after.wagered, after.balance);
  return gameBonusOf(bonus, after.wagered, after.balance);
}
