import type { GameBonus, RoundAnswer, StartRoundBody } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { splitStake } from '../../bonus/bonus.fns.ts';
import { bonusAfterRound, moneyOf } from '../../bonus/bonus-play.fns.ts';
import type { BonusPlay } from '../../bonus/bonus-play.service.ts';
import { fairnessStateOf } from '../fairness.service.ts';
import type { BetLimits } from '../bet-limits.service.ts';
import type { FairnessRepo } from '../fairness.repo.ts';
import type { GameSessionRepo, GameSessionRow } from '../game-session.repo.ts';
import {
  assertBetLevel,
  assertCovers,
  assertFreeSpin,
  assertLive,
  assertMayPlay,
  assertNoOpenRound,
  assertUnderMaxBet,
} from '../play-rules.fns.ts';
import { gameBonusOf, gameFreeSpinsOf, stakeParts } from '../round-bonus.fns.ts';
import { availableIn, fairFloats, isGameCurrency, toRound } from '../rgs.fns.ts';
import {
  engineOrFail,
  newRoundId,
  runEngine,
  type RoundPosting,
  type RoundPostings,
} from '../round-step.ts';
import { parseInput } from '../../../platform/input-validation.ts';
import { settledEventOf, startedRoundRow } from '../rounds.fns.ts';
import type { RoundsRepo } from '../rounds.repo.ts';
import type { OnCommit, RoundsDeps, SweepsDoor } from './round-context.ts';

/** What a start touches: its event goes in the round's own statement, not through the outbox. */
export interface StartRoundDeps extends Pick<
  RoundsDeps,
  'fairness' | 'recordWager' | 'engineOf' | 'now'
> {
  sweeps: Pick<SweepsDoor, 'assertSweepsPlay'>;
  repo: Pick<RoundsRepo, 'startReads' | 'insertBooked' | 'hasOpenBonusStake'>;
  sessions: Pick<GameSessionRepo, 'lockPlayerWithGame' | 'balanceOf'>;
  seeds: Pick<FairnessRepo, 'takeNonce'>;
  postings: Pick<RoundPostings, 'post' | 'settle'>;
  limits: Pick<BetLimits, 'enforce'>;
  bonus: Pick<BonusPlay, 'progressEvent' | 'end' | 'freeSpinPlayed'>;
}

/**
 * POST /api/rgs/rounds, inside the transaction that also stores the Idempotency-Key's answer
 * (decision 015). Statements: the player's row locked with the game; the nonce taken with what
 * the checks read (`startReads`, the active bonus and the named free spin included); the ledger
 * posting(s); the round, its event and its links to the postings (and the bonus's progress
 * with its event), answering the balance after them; then the caller stores the answer. The
 * posting comes as late as it can: it locks the player's account until commit (the house side
 * is not locked: decision 010). A bonus that ends, and a free spin, take statements of their own.
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
    const freeSpinId = body.freeSpinId ?? null;
    if (freeSpinId === null) assertBetLevel(currency, body.bet);
    const locked = await sessions.lockPlayerWithGame(tx, session.playerId, session.gameId);
    // Under the lock: a break taken meanwhile refuses the round (the guard may have cached).
    const player = assertMayPlay(locked?.player, deps.now().getTime());
    // Gold Coins play anywhere; Sweeps Coins only where the player's place allows it now.
    if (currency === 'SC') await deps.sweeps.assertSweepsPlay(tx, session.playerId);
    const game = locked?.game;
    if (!game?.enabled) throw AppError.notFound('Game');
    // Under the lock too: a country taken off the game or its collections since the session
    // opened (the countries are checked at launch, and a session lasts hours).
    if (
      !availableIn(
        locked?.collectionCountries ?? [],
        player.country?.toUpperCase() ?? null,
        game.countries,
      )
    ) {
      throw new AppError('GAME_UNAVAILABLE', 'This game is not available in your country');
    }
    const engine = engineOrFail(deps.engineOf, game.engine);
    const params = parseInput(engine.paramsSchema, body.params, 'body.params');
    const reads = await repo.startReads(tx, {
      playerId: session.playerId,
      gameId: session.gameId,
      accountId: session.accountId,
      currency,
      freeSpinId,
    });
    assertNoOpenRound(reads.openRoundId);
    // A free spin is the house's stake: no bonus, wager or loss limit, balance or playthrough
    // applies; the session-time limit does (it is still play).
    const freeSpin =
      freeSpinId === null ? null : assertFreeSpin(reads.freeSpin, session, game, deps.now());
    const bonus = freeSpin ? null : reads.bonus;
    const bet = freeSpin?.bet ?? body.bet;
    if (bonus) assertUnderMaxBet(bet, bonus.row.maxBet, currency);
    if (reads.limited) {
      await deps.limits.enforce(tx, session.playerId, currency, bet, {
        onlySessionTime: freeSpin !== null,
      });
    }
    let seed = reads.seed;
    if (!seed) {
      // The player's first round: the pair is created now (and locked), then its nonce taken.
      const created = await deps.fairness.lockActiveIn(tx, session.playerId);
      const nonce = await deps.seeds.takeNonce(tx, created.id);
      seed = { ...created, nextNonce: nonce + 1 };
    }
    const nonce = seed.nextNonce - 1;
    const account = { accountId: session.accountId, currency };
    // Stakes take cash first, then the bonus balance: together they cover a stake.
    const funds = reads.balance === null ? null : reads.balance + (bonus?.balance ?? 0);
    if (!freeSpin) assertCovers(funds, bet, account);
    const floats = fairFloats(seed, nonce, 0);
    const step = runEngine(() => engine.start(floats, bet, params));
    const extra = step.extraBet ?? 0;
    const stake = bet + extra;
    if (!freeSpin) assertCovers(funds, stake, account);
    if (bonus && extra > 0) assertUnderMaxBet(stake, bonus.row.maxBet, currency);
    const split = bonus ? splitStake(stake, reads.balance ?? 0, bonus.balance) : null;
    const at = deps.now();
    const row = startedRoundRow({
      id: newRoundId(),
      session,
      seedId: seed.id,
      nonce,
      params,
      cursor: floats.used,
      step,
      stake,
      at,
      freeSpinId: freeSpin?.id ?? null,
      bonusId: bonus?.row.id ?? null,
      bonusBet: split?.fromBonus ?? 0,
    });
    const ctx = { session, player, gameName: game.name, gameIdentity: game.identity };
    const target = {
      id: row.id,
      playerId: row.playerId,
      accountId: session.accountId,
      currency,
      bonusAccountId: bonus?.accountId ?? null,
    };
    const money = split ? moneyOf(split, row.payout) : null;
    let postings: RoundPosting[] = [];
    if (freeSpin) {
      // Nothing moves: the free spin's win adds up in the free spin's row, paid at the end.
    } else if (step.done) {
      postings = await deps.postings.settle(
        tx,
        target,
        money?.stake ?? stake,
        money?.win ?? row.payout,
        onCommit,
      );
    } else {
      const [first, second] = stakeParts(money?.stake ?? { cash: stake, bonus: 0 }, bet);
      postings = [await deps.postings.post(tx, target, 'bet', first, onCommit)];
      if (extra > 0)
        postings.push(await deps.postings.post(tx, target, 'extra:0', second, onCommit));
    }
    const after =
      bonus && money && step.done
        ? bonusAfterRound(bonus.row, {
            stake,
            gameKind: game.kind,
            bonusBalanceAfter: bonus.balance - money.stake.bonus + money.win.bonus,
          })
        : null;
    // The progress and its event go in the round's statement; an ending bonus's event is the
    // lifecycle's.
    const progress =
      bonus && after?.changed
        ? {
            wagered: after.wagered,
            event:
              after.end === 'complete'
                ? null
                : deps.bonus.progressEvent(bonus, after.wagered, after.balance),
          }
        : null;
    let balance = await repo.insertBooked(
      tx,
      row,
      settledEventOf(ctx, row),
      { accountId: session.accountId, postings },
      progress,
    );
    // Playthrough counts the player's own coins: not a free spin, not the bonus part of a stake.
    const cashStake = freeSpin ? 0 : stake - (split?.fromBonus ?? 0);
    if (currency === 'SC' && reads.openCredits && cashStake > 0) {
      await deps.recordWager(tx, row.playerId, cashStake);
    }
    let bonusView: GameBonus | null = null;
    if (bonus) {
      const left = after?.balance ?? bonus.balance - (money?.stake.bonus ?? 0);
      const wagered = after?.wagered ?? bonus.row.wagered;
      const ended =
        after?.end === 'complete'
          ? 'complete'
          : after?.end === 'depleted' && !(await repo.hasOpenBonusStake(tx, bonus.row))
            ? 'deplete'
            : null;
      if (ended) {
        await deps.bonus.end(tx, bonus, wagered, ended);
        balance = await sessions.balanceOf(tx, session.accountId);
      } else {
        bonusView = gameBonusOf(bonus, wagered, left);
      }
    }
    const spun = freeSpin
      ? await deps.bonus.freeSpinPlayed(tx, freeSpin, {
          started: true,
          settled: step.done,
          payout: row.payout,
        })
      : null;
    if (spun && step.done && spun.used >= spun.count) {
      // The last spin paid what they won (as cash, or as a bonus).
      balance = await sessions.balanceOf(tx, session.accountId);
    }
    return {
      round: toRound(row, game.identity, seed),
      balance,
      fairness: fairnessStateOf(seed),
      // A free-spin round says nothing of the bonus (it played none of it).
      ...(spun ? { freeSpins: gameFreeSpinsOf(spun) } : { bonus: bonusView }),
    };
  };
}
