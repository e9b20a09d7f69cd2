import { and, eq, gt, gte, sql } from 'drizzle-orm';
import {
  BetStatus,
  type GameRoundSettledEvent,
  type PlayerBonusUpdatedEvent,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { noteEventRecorded } from '../../platform/events/outbox.repo.ts';
import { gameRoundPostings, gameRounds, games } from '../../db/schema/index.ts';
import type { BetUsage } from './bet-limits.fns.ts';
import type { SeedRow } from './fairness.repo.ts';
import {
  activeBonusOf,
  freeSpinOf,
  type ActiveBonus,
  type FreeSpinRow,
} from './round-bonus.fns.ts';
import { INSERT_MANY_QUERY, INSERT_QUERY, START_MANY_QUERY, START_QUERY } from './rounds.sql.ts';
import { runPrepared } from '../../db/prepared.ts';

export type RoundRow = typeof gameRounds.$inferSelect;
export type RoundInsert = typeof gameRounds.$inferInsert;

/**
 * What a round's start reads once its player's row is locked, one-round (`START_QUERY`) or
 * batched (`START_MANY_QUERY`), rounds.sql.ts.
 */
export interface BatchReads {
  /**
   * The active pair, locked; null: none yet. Its `nextNonce` is already past the round's nonce
   * after `START_QUERY` (which takes it), still the round's nonce after `START_MANY_QUERY`.
   */
  seed: Pick<SeedRow, 'id' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nextNonce'> | null;
  openRoundId: string | null;
  /** The session account's balance; null when the account is missing. */
  balance: number | null;
  /** Whether the player has a wager or loss limit (any state: the limits service decides). */
  limited: boolean;
  /** Whether the player has an open Sweeps Coins credit (playthrough to count). */
  openCredits: boolean;
  /** The player's active bonus in the round's currency, with its bonus account; null: none. */
  bonus: ActiveBonus | null;
}

/** `BatchReads` of the one-round start, with the free spin its body names. */
export interface StartReads extends BatchReads {
  /** The player's free spin named by the start body (any status); null: none asked or none. */
  freeSpin: FreeSpinRow | null;
}

/** A row of either start statement, as both drivers return it. */
interface StartRow {
  id: string | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  open_round_id: string | null;
  balance: string | null;
  limited: boolean;
  open_credits: boolean;
  bonus: Record<string, unknown> | null;
}

const readsOf = (row: StartRow): BatchReads => ({
  seed:
    row.id === null
      ? null
      : {
          id: row.id,
          serverSeed: row.server_seed,
          serverSeedHash: row.server_seed_hash,
          clientSeed: row.client_seed,
          nextNonce: Number(row.next_nonce),
        },
  openRoundId: row.open_round_id,
  balance: row.balance === null ? null : Number(row.balance),
  limited: row.limited,
  openCredits: row.open_credits,
  bonus: row.bonus === null ? null : activeBonusOf(row.bonus),
});

/** A round's link to one of its postings (game_round_postings). */
export interface RoundPostingLink {
  transactionId: string;
  kind: string;
}

const jsonOf = (value: unknown) => JSON.stringify(value ?? null);

/**
 * A new round's columns as both insert statements take them (`INSERT_QUERY`'s parameters,
 * `INSERT_MANY_QUERY`'s records): jsonb columns as JSON text, times as ISO strings.
 */
const roundColumns = (row: RoundRow) => ({
  id: row.id,
  player_id: row.playerId,
  game_id: row.gameId,
  session_id: row.sessionId,
  seed_id: row.seedId,
  nonce: row.nonce,
  currency: row.currency,
  bet: row.bet,
  payout: row.payout,
  status: row.status,
  params: jsonOf(row.params),
  state: jsonOf(row.state),
  view: jsonOf(row.view),
  actions: jsonOf(row.actions),
  cursor: row.cursor,
  created_at: row.createdAt.toISOString(),
  settled_at: row.settledAt?.toISOString() ?? null,
  free_spin_id: row.freeSpinId,
  bonus_id: row.bonusId,
  bonus_bet: row.bonusBet,
});

/** The only place that touches game_rounds and game_round_postings. */
export function createRoundsRepo(db: Database) {
  return {
    db,

    /** See `START_QUERY`; call holding the player's row lock. */
    async startReads(
      tx: Database,
      ids: {
        playerId: string;
        gameId: number;
        accountId: string;
        currency: string;
        freeSpinId: number | null;
      },
    ): Promise<StartReads> {
      const [row] = await runPrepared<StartRow & { free_spin: Record<string, unknown> | null }>(
        tx,
        START_QUERY,
        'rgs_start_v5',
        {
          player: ids.playerId,
          game: ids.gameId,
          account: ids.accountId,
          currency: ids.currency,
          freeSpin: ids.freeSpinId,
        },
      );
      if (!row) throw new Error('startReads answered no row');
      return {
        ...readsOf(row),
        freeSpin: row.free_spin === null ? null : freeSpinOf(row.free_spin),
      };
    },

    /** See `START_MANY_QUERY`; call holding the batch's players' row locks. */
    async startReadsMany(
      tx: Database,
      items: { playerId: string; gameId: number; accountId: string; currency: string }[],
    ): Promise<BatchReads[]> {
      if (items.length === 0) return [];
      const rows = await runPrepared<StartRow>(tx, START_MANY_QUERY, 'rgs_start_many_v3', {
        items: JSON.stringify(
          items.map((i, n) => ({
            n,
            player: i.playerId,
            game: i.gameId,
            account: i.accountId,
            currency: i.currency,
          })),
        ),
      });
      return rows.map(readsOf);
    },

    /**
     * A batch's settled rounds with their links and events, and each pair moved past the nonces
     * taken (`INSERT_MANY_QUERY`). Throws when a pair was no longer the one read (rotated or
     * moved meanwhile): the batch rolls back.
     */
    async insertSettledMany(
      tx: Database,
      rounds: {
        row: RoundRow;
        event: GameRoundSettledEvent;
        postings: RoundPostingLink[];
        /** The round's bonus event, when it moved its bonus's wagering. */
        bonusEvent: PlayerBonusUpdatedEvent | null;
      }[],
      seeds: { id: string; read: number; next: number }[],
      /** Each bonus's wagering after the batch's rounds (those that moved it). */
      bonuses: { id: number; wagered: number }[],
    ): Promise<void> {
      if (rounds.length === 0) return;
      noteEventRecorded();
      const [out] = await runPrepared<{
        rounds: number;
        seeds: number;
        postings: number;
        bonuses: number;
      }>(tx, INSERT_MANY_QUERY, 'rgs_round_insert_many_v3', {
        // A batch's rounds have no free spin (those go alone): its column is not read.
        rounds: JSON.stringify(rounds.map(({ row }) => roundColumns(row))),
        seeds: JSON.stringify(seeds),
        bonuses: JSON.stringify(bonuses),
        bonusEvents: JSON.stringify(
          rounds.flatMap(({ row, bonusEvent }) =>
            bonusEvent ? [{ player_id: row.playerId, payload: bonusEvent }] : [],
          ),
        ),
        events: JSON.stringify(
          rounds.map(({ row, event }) => ({ player_id: row.playerId, payload: event })),
        ),
        postings: JSON.stringify(
          rounds.flatMap(({ row, postings }) =>
            postings.map((x) => ({
              round_id: row.id,
              transaction_id: x.transactionId,
              kind: x.kind,
            })),
          ),
        ),
      });
      const links = rounds.reduce((sum, r) => sum + r.postings.length, 0);
      if (
        out?.rounds !== rounds.length ||
        out.seeds !== seeds.length ||
        out.postings !== links ||
        out.bonuses !== bonuses.length
      ) {
        throw new Error('a batch of rounds was not written whole: the batch rolls back');
      }
    },

    /**
     * Inserts a new round, its settled event when given, and its links to the postings of its
     * first step (see `INSERT_QUERY`); answers the account's balance after them.
     */
    async insertBooked(
      tx: Database,
      row: RoundRow,
      event: GameRoundSettledEvent | null,
      booked: { accountId: string; postings: { transactionId: string; kind: string }[] },
      /** The active bonus's wagering after the round and its event; null: unchanged. */
      progress: { wagered: number; event: PlayerBonusUpdatedEvent | null } | null = null,
    ): Promise<number> {
      // The events are inserted by the statement itself: the commit wakes delivery.
      if (event || progress?.event) noteEventRecorded();
      const [answer] = await runPrepared<{ balance: string }>(
        tx,
        INSERT_QUERY,
        'rgs_round_insert_v5',
        {
          ...roundColumns(row),
          wagered: progress?.wagered ?? null,
          bonusEvent: progress?.event ? JSON.stringify(progress.event) : null,
          event: event === null ? null : JSON.stringify(event),
          postings: JSON.stringify(
            booked.postings.map((x) => ({ transaction_id: x.transactionId, kind: x.kind })),
          ),
          account: booked.accountId,
        },
      );
      if (!answer) throw new Error(`ledger account ${booked.accountId} vanished`);
      return Number(answer.balance);
    },

    async insert(tx: Database, values: RoundInsert): Promise<RoundRow> {
      const [row] = await tx.insert(gameRounds).values(values).returning();
      if (!row) throw new Error('round not inserted');
      return row;
    },

    async update(
      tx: Database,
      id: string,
      values: Partial<
        Pick<
          RoundRow,
          'bet' | 'payout' | 'status' | 'state' | 'view' | 'actions' | 'cursor' | 'bonusBet'
        >
      > & {
        settledAt: Date | null;
      },
    ): Promise<RoundRow> {
      const [row] = await tx
        .update(gameRounds)
        .set(values)
        .where(eq(gameRounds.id, id))
        .returning();
      if (!row) throw new Error(`round ${id} vanished`);
      return row;
    },

    async find(tx: Database, id: string): Promise<RoundRow | undefined> {
      const [row] = await tx.select().from(gameRounds).where(eq(gameRounds.id, id));
      return row;
    },

    /** The round with its game, locked for an action (one action at a time per round). */
    async lockWithGame(tx: Database, id: string) {
      const [row] = await tx
        .select({ round: gameRounds, gameIdentity: games.identity, engine: games.engine })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(eq(gameRounds.id, id))
        .for('update', { of: gameRounds });
      return row;
    },

    async findWithGame(tx: Database, id: string) {
      const [row] = await tx
        .select({ round: gameRounds, gameIdentity: games.identity, engine: games.engine })
        .from(gameRounds)
        .innerJoin(games, eq(games.id, gameRounds.gameId))
        .where(eq(gameRounds.id, id));
      return row;
    },

    async findOpen(tx: Database, playerId: string, gameId: number): Promise<RoundRow | undefined> {
      const [row] = await tx
        .select()
        .from(gameRounds)
        .where(
          and(
            eq(gameRounds.playerId, playerId),
            eq(gameRounds.gameId, gameId),
            eq(gameRounds.status, BetStatus.Open),
          ),
        );
      return row;
    },

    /** The ids of the player's open rounds (the partial index of open rounds serves it). */
    async listOpenRoundIds(tx: Database, playerId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(and(eq(gameRounds.playerId, playerId), eq(gameRounds.status, BetStatus.Open)));
      return rows.map((row) => row.id);
    },

    async hasOpenRound(tx: Database, playerId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(and(eq(gameRounds.playerId, playerId), eq(gameRounds.status, BetStatus.Open)))
        .limit(1);
      return row !== undefined;
    },

    /** Whether an open round still holds a stake paid from this bonus (its balance may return). */
    async hasOpenBonusStake(
      tx: Database,
      bonus: { playerId: string; id: number },
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(
          and(
            // The player's open rounds: the partial index of open rounds serves it.
            eq(gameRounds.playerId, bonus.playerId),
            eq(gameRounds.bonusId, bonus.id),
            eq(gameRounds.status, BetStatus.Open),
            gt(gameRounds.bonusBet, 0),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Stakes and net losses of the player's rounds in a currency since `since`. */
    async usageSince(
      tx: Database,
      playerId: string,
      currency: string,
      since: Date,
    ): Promise<BetUsage> {
      const [row] = await tx
        .select({
          wagered: sql<string>`coalesce(sum(${gameRounds.bet}), 0)`,
          paid: sql<string>`coalesce(sum(${gameRounds.payout}), 0)`,
        })
        .from(gameRounds)
        .where(
          and(
            eq(gameRounds.playerId, playerId),
            eq(gameRounds.currency, currency),
            gte(gameRounds.createdAt, since),
          ),
        );
      const wagered = Number(row?.wagered ?? 0);
      return { wagered, lost: Math.max(0, wagered - Number(row?.paid ?? 0)) };
    },

    async insertPosting(
      tx: Database,
      values: { roundId: string; transactionId: string; kind: string },
    ): Promise<void> {
      await tx.insert(gameRoundPostings).values(values).onConflictDoNothing();
    },
  };
}
export type RoundsRepo = ReturnType<typeof createRoundsRepo>;
