import type {
  GameCurrency,
  GameEngine,
  GameRoundSettledEvent,
  PlayerBonusUpdatedEvent,
  RoundAnswer,
  StartRoundBody,
} from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import type { ItemOutcome } from '../../../platform/group-commit.ts';
import { ALONE } from '../../../platform/idempotency/idempotent-batch.ts';
import { parseInput } from '../../../platform/input-validation.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { PostingInput } from '../../ledger/ledger.fns.ts';
import { fairnessStateOf } from '../fairness.service.ts';
import type { GameRow, GameSessionRepo, GameSessionRow, RgsPlayer } from '../game-session.repo.ts';
import { assertBetLevel, assertLive, assertMayPlay } from '../play-rules.fns.ts';
import { splitStake } from '../../bonus/bonus.fns.ts';
import { bonusAfterRound, moneyOf } from '../../bonus/bonus-play.fns.ts';
import type { BonusPlay } from '../../bonus/bonus-play.service.ts';
import { gameBonusOf, type ActiveBonus } from '../round-bonus.fns.ts';
import { availableIn, fairFloats, isGameCurrency, toRound } from '../rgs.fns.ts';
import { nettedMetadata, newRoundId, postingOf } from '../round-step.ts';
import { settledEventOf, startedRoundRow } from '../rounds.fns.ts';
import type { BatchReads, RoundPostingLink, RoundRow, RoundsRepo } from '../rounds.repo.ts';
import type { OnCommit } from './round-context.ts';

/** One `POST /api/rgs/rounds` of a batch. */
export interface StartRoundInput {
  session: GameSessionRow;
  body: StartRoundBody;
}

export interface StartRoundsBatchDeps {
  repo: Pick<RoundsRepo, 'startReadsMany' | 'insertSettledMany'>;
  sessions: Pick<GameSessionRepo, 'lockPlayersWithGames'>;
  ledger: Pick<LedgerService, 'postMany'>;
  /** The house bankroll's account of a currency (round-step.ts keeps it once committed). */
  bankroll: (tx: Database, currency: string, onCommit: OnCommit) => Promise<{ accountId: string }>;
  /** Whether Sweeps Coins play is allowed now, per player (jurisdiction rules, issue 16). */
  sweepsPlayOf: (tx: Database, playerIds: string[]) => Promise<Map<string, boolean>>;
  engineOf: (key: string) => GameEngine | undefined;
  /** A bonus's progress as its bonus.player-bonus.updated event (the bonus engine's). */
  progressEvent: BonusPlay['progressEvent'];
  now: () => Date;
}

/** What the batch's own reads say of an item, before its outcome is drawn. */
interface Known {
  session: GameSessionRow;
  body: StartRoundBody;
  player: RgsPlayer | undefined;
  game: { game: GameRow; collectionCountries: string[][] } | undefined;
  sweepsPlay: boolean;
  reads: BatchReads;
}

/** A round the batch settles itself: its row, events, postings and answer. */
interface Settled {
  row: RoundRow;
  event: GameRoundSettledEvent;
  bonusEvent: PlayerBonusUpdatedEvent | null;
  postings: { posting: PostingInput; kind: RoundPostingLink['kind'] }[];
  answer: RoundAnswer;
}

/** What a player's earlier rounds of the batch left: balances, nonces, bonuses. */
interface Running {
  /** The cash balance by ledger account. */
  balances: Map<string, number>;
  /** By seed pair: the nonce read, and the next one to take. */
  nonces: Map<string, { read: number; next: number }>;
  /** By player bonus: its wagering, account and balance, and whether a round moved the wagering. */
  bonuses: Map<
    number,
    { wagered: number; accountId: string | null; balance: number; changed: boolean }
  >;
}

/** The balance each cash and bonus account should hold after the batch's rounds. */
function expectedBalances(running: Running): [string, number][] {
  const bonuses = [...running.bonuses.values()].flatMap((b) =>
    b.accountId ? [[b.accountId, b.balance] as [string, number]] : [],
  );
  return [...running.balances, ...bonuses];
}

/** Runs a check; false when it refuses (the one-round path then answers the refusal). */
function passes(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

/**
 * The batch's own path takes the plain round only: a stake of the player's cash (and of an active
 * bonus's balance) on a game whose start settles it, the bonus going on after it. Anything else —
 * a free spin, a limit, playthrough, a bonus the round completes or depletes, the first round of
 * a pair, an open round, any refusal — goes through the one-round path, which knows every rule
 * and every refusal's words.
 */
function isPlain(item: Known, now: Date): boolean {
  const { session, body, player, game, reads } = item;
  if (body.freeSpinId != null || !isGameCurrency(session.currency)) return false;
  if (!passes(() => assertLive(session, now))) return false;
  if (!passes(() => assertBetLevel(session.currency as GameCurrency, body.bet))) return false;
  if (!player || !passes(() => assertMayPlay(player, now.getTime()))) return false;
  if (session.currency === 'SC' && !item.sweepsPlay) return false;
  if (!game?.game.enabled) return false;
  const country = player.country?.toUpperCase() ?? null;
  if (!availableIn(game.collectionCountries, country, game.game.countries)) return false;
  return (
    reads.seed !== null &&
    reads.openRoundId === null &&
    reads.balance !== null &&
    !reads.limited &&
    !reads.openCredits
  );
}

/**
 * Starts a batch of rounds in the caller's transaction (group commit, decision 072), with the
 * one-round path's effects and answers. In statements: the batch's players locked in id order
 * and its games read; the Sweeps Coins standing of its SC players; its reads (pairs locked,
 * balances, what is not plain); then for the plain rounds, each player's in request order with
 * the balance and nonce running on from the last, every posting in one statement and every
 * round, link, event and nonce in one more. A player's first round that is not plain and every
 * later one of theirs in the batch are left `ALONE`: they run after the commit through the
 * one-round path (start-round.ts), each in its own transaction, which words every refusal.
 * Anything unforeseen throws, and the batch rolls back (its rounds are then written alone).
 * Once the players are locked it says so (`ordered`): the next batch may then start beside it.
 */
export function createStartRoundsBatch(deps: StartRoundsBatchDeps) {
  return async function startRounds(
    tx: Database,
    inputs: StartRoundInput[],
    onCommit: OnCommit,
    ordered: () => void = () => undefined,
  ): Promise<(ItemOutcome<RoundAnswer> | typeof ALONE)[]> {
    const now = deps.now();
    const locked = await deps.sessions.lockPlayersWithGames(
      tx,
      inputs.map((i) => i.session.playerId),
      inputs.map((i) => i.session.gameId),
    );
    // Its players are locked: a later batch may start beside this one; a round of one of them
    // there waits for this commit (decision 073).
    ordered();
    const sweepsPlayers = [
      ...new Set(inputs.filter((i) => i.session.currency === 'SC').map((i) => i.session.playerId)),
    ];
    const sweepsPlay =
      sweepsPlayers.length > 0 ? await deps.sweepsPlayOf(tx, sweepsPlayers) : new Map();
    const reads = await deps.repo.startReadsMany(
      tx,
      inputs.map(({ session }) => ({
        playerId: session.playerId,
        gameId: session.gameId,
        accountId: session.accountId,
        currency: session.currency,
      })),
    );

    const running: Running = { balances: new Map(), nonces: new Map(), bonuses: new Map() };
    const oneByOne = new Set<string>();
    const settled: (Settled | null)[] = [];
    for (const [n, input] of inputs.entries()) {
      const known: Known = {
        ...input,
        player: locked.players.get(input.session.playerId),
        game: locked.games.get(input.session.gameId),
        sweepsPlay: sweepsPlay.get(input.session.playerId) === true,
        reads: reads[n]!,
      };
      const round = oneByOne.has(input.session.playerId)
        ? null
        : await settleAlone(tx, known, now, running, onCommit);
      if (!round) oneByOne.add(input.session.playerId);
      settled.push(round);
    }

    const plain = settled.filter((s): s is Settled => s !== null);
    const postings = plain.flatMap((s) => s.postings);
    const booked = await deps.ledger.postMany(
      tx,
      postings.map((p) => p.posting),
    );
    // The answers say the balances worked out here: the ledger must hold exactly those.
    for (const [accountId, balance] of expectedBalances(running)) {
      const held = booked.balances.get(accountId);
      if (held !== undefined && held !== balance) {
        throw new Error(`account ${accountId} holds ${held}, the batch expected ${balance}`);
      }
    }
    const idOf = new Map(
      postings.map((p, i) => [p.posting.idempotencyKey, booked.transactionIds[i]!]),
    );
    await deps.repo.insertSettledMany(
      tx,
      plain.map((s) => ({
        row: s.row,
        event: s.event,
        bonusEvent: s.bonusEvent,
        postings: s.postings.map((p) => ({
          transactionId: idOf.get(p.posting.idempotencyKey)!,
          kind: p.kind,
        })),
      })),
      [...running.nonces].map(([id, n]) => ({ id, read: n.read, next: n.next })),
      [...running.bonuses].flatMap(([id, b]) => (b.changed ? [{ id, wagered: b.wagered }] : [])),
    );

    return settled.map((round) => (round ? { ok: round.answer } : ALONE));
  };

  /**
   * A plain round drawn and booked in memory from the batch's reads and what its player's earlier
   * rounds of the batch left (`running`), as start-round.ts books it; null when it is not plain.
   */
  async function settleAlone(
    tx: Database,
    known: Known,
    now: Date,
    running: Running,
    onCommit: OnCommit,
  ): Promise<Settled | null> {
    if (!isPlain(known, now)) return null;
    const { session, body, player, reads } = known;
    const game = known.game!.game;
    const seed = reads.seed!;
    const engine = deps.engineOf(game.engine);
    if (!engine) return null;
    let params: unknown;
    try {
      params = parseInput(engine.paramsSchema, body.params, 'body.params');
    } catch {
      return null;
    }
    const cash = running.balances.get(session.accountId) ?? reads.balance!;
    // The bonus as the player's earlier rounds of the batch left it.
    const was = reads.bonus && running.bonuses.get(reads.bonus.row.id);
    const bonus: ActiveBonus | null = reads.bonus && {
      ...reads.bonus,
      row: { ...reads.bonus.row, wagered: was?.wagered ?? reads.bonus.row.wagered },
      balance: was?.balance ?? reads.bonus.balance,
    };
    const nonce = running.nonces.get(seed.id)?.next ?? seed.nextNonce;
    const funds = cash + (bonus?.balance ?? 0);
    const maxBet = bonus?.row.maxBet ?? null;
    if (funds < body.bet || (maxBet !== null && body.bet > maxBet)) return null;
    const floats = fairFloats(seed, nonce, 0);
    let step;
    try {
      step = engine.start(floats, body.bet, params);
    } catch {
      return null;
    }
    const stake = body.bet + (step.extraBet ?? 0);
    if (!step.done || funds < stake || (maxBet !== null && stake > maxBet)) return null;
    const split = splitStake(stake, cash, bonus?.balance ?? 0)!;
    const row = startedRoundRow({
      id: newRoundId(),
      session,
      seedId: seed.id,
      nonce,
      params,
      cursor: floats.used,
      step,
      stake,
      at: now,
      freeSpinId: null,
      bonusId: bonus?.row.id ?? null,
      bonusBet: bonus ? split.fromBonus : 0,
    });
    const money = moneyOf(split, row.payout);
    const after = bonus
      ? bonusAfterRound(bonus.row, {
          stake,
          gameKind: game.kind,
          bonusBalanceAfter: bonus.balance - money.stake.bonus + money.win.bonus,
        })
      : null;
    // A bonus the round completes or depletes ends in the one-round path (conversion, loss).
    if (after?.end) return null;
    const event = settledEventOf(
      { session, player: player!, gameName: game.name, gameIdentity: game.identity },
      row,
    );
    if (!event) throw new Error(`round ${row.id} settled without an event`);
    const { accountId: house } = await deps.bankroll(tx, session.currency, onCommit);
    const target = {
      id: row.id,
      playerId: row.playerId,
      accountId: session.accountId,
      currency: row.currency,
      bonusAccountId: bonus?.accountId ?? null,
    };
    const { stake: s, win: w } = money;
    // As `RoundPostings.settle`: one netted posting, or a stake and a win when they cancel out.
    const postings: Settled['postings'] =
      stake === row.payout
        ? [
            {
              posting: postingOf(target, 'bet', { cash: -s.cash, bonus: -s.bonus }, house),
              kind: 'bet',
            },
            ...(row.payout > 0
              ? [{ posting: postingOf(target, 'win', w, house), kind: 'win' as const }]
              : []),
          ]
        : [
            {
              posting: postingOf(
                target,
                'round',
                { cash: w.cash - s.cash, bonus: w.bonus - s.bonus },
                house,
                nettedMetadata(s, w),
              ),
              kind: 'round',
            },
          ];
    const balance = cash - s.cash + w.cash;
    running.balances.set(session.accountId, balance);
    running.nonces.set(seed.id, {
      read: running.nonces.get(seed.id)?.read ?? seed.nextNonce,
      next: nonce + 1,
    });
    let bonusEvent: PlayerBonusUpdatedEvent | null = null;
    if (bonus && after) {
      running.bonuses.set(bonus.row.id, {
        wagered: after.wagered,
        accountId: bonus.accountId,
        balance: after.balance,
        changed: (was?.changed ?? false) || after.changed,
      });
      if (after.changed) bonusEvent = deps.progressEvent(bonus, after.wagered, after.balance);
    }
    const fair = { ...seed, nextNonce: nonce + 1 };
    return {
      row,
      event,
      bonusEvent,
      postings,
      answer: {
        round: toRound(row, game.identity, fair),
        balance,
        fairness: fairnessStateOf(fair),
        bonus: bonus && after ? gameBonusOf(bonus, after.wagered, after.balance) : null,
      },
    };
  }
}
