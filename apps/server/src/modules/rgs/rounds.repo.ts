import { and, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  BetStatus,
  type GameRoundSettledEvent,
  type PlayerBonusUpdatedEvent,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  bonusDefinitions,
  fairnessSeeds,
  gameRoundPostings,
  gameRounds,
  games,
  ledgerAccounts,
  playerBonuses,
  playerFreeSpins,
  playerLimits,
  sweepsCredits,
} from '../../db/schema/index.ts';
import { recordEventsSql } from '../../platform/events/outbox.repo.ts';
import type { BetUsage } from './bet-limits.fns.ts';
import type { SeedRow } from './fairness.repo.ts';
import {
  activeBonusOf,
  freeSpinOf,
  type ActiveBonus,
  type FreeSpinRow,
} from './round-bonus.fns.ts';

export type RoundRow = typeof gameRounds.$inferSelect;
export type RoundInsert = typeof gameRounds.$inferInsert;

/** What a round's start reads once the player's row is locked (`START_STATEMENT`). */
export interface StartReads {
  /** The active pair with its nonce taken (`nextNonce` already past it); null: none yet. */
  seed: Pick<SeedRow, 'id' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nextNonce'> | null;
  openRoundId: string | null;
  /** The session account's balance; null when the account is missing. */
  balance: number | null;
  /** Whether the player has a wager or loss limit (any state: the limits service decides). */
  limited: boolean;
  /** Whether the player has an open Sweeps Coins credit (playthrough to count). */
  openCredits: boolean;
  /** The player's active bonus in the session's currency, with its bonus account; null: none. */
  bonus: ActiveBonus | null;
  /** The player's free spin named by the start body (any status); null: none asked or none. */
  freeSpin: FreeSpinRow | null;
}

const dialect = new PgDialect();
const prepared = (statement: SQL) => dialect.sqlToQuery(statement);
const p = (name: string) => sql.placeholder(name);

/**
 * One statement, after the player's row is locked (so its snapshot sees every stake and debit
 * queued before): takes the next nonce of the active pair (the `UPDATE` locks the pair, F2) and
 * reads the open round of the game, the account's balance, and whether limits or playthrough
 * apply at all. All by primary or unique keys.
 */
const START_QUERY = prepared(sql`
  with taken as (
    update ${fairnessSeeds} set next_nonce = next_nonce + 1
    where player_id = ${p('player')}::uuid and active
    returning id, server_seed, server_seed_hash, client_seed, next_nonce
  )
  select t.id, t.server_seed, t.server_seed_hash, t.client_seed, t.next_nonce,
    (select r.id from ${gameRounds} r where r.player_id = ${p('player')}::uuid
      and r.game_id = ${p('game')}::int and r.status = ${BetStatus.Open} limit 1) as open_round_id,
    (select a.balance::text from ${ledgerAccounts} a where a.id = ${p('account')}::uuid) as balance,
    exists (select from ${playerLimits} l where l.player_id = ${p('player')}::uuid
      and l.type in ('wager', 'loss')) as limited,
    exists (select from ${sweepsCredits} c where c.player_id = ${p('player')}::uuid
      and c.completed_at is null) as open_credits,
    (select to_jsonb(b) || jsonb_build_object('slug', d.slug, 'kind', d.kind,
        'account_id', ba.id, 'account_balance', coalesce(ba.balance, 0))
      from ${playerBonuses} b join ${bonusDefinitions} d on d.id = b.bonus_id
      left join ${ledgerAccounts} ba on ba.player_id = b.player_id and ba.currency = b.currency
        and ba.owner_kind = 'bonus'
      where b.player_id = ${p('player')}::uuid and b.currency = ${p('currency')}
        and b.status = 2) as bonus,
    (select to_jsonb(s) from ${playerFreeSpins} s where s.id = ${p('freeSpin')}::int
      and s.player_id = ${p('player')}::uuid) as free_spin
  from (select 1) one left join taken t on true`);

/**
 * A new round with what its first step booked, in one statement: the round row, once settled its
 * game.round.settled event, the links to its postings, and with an active bonus its wagering
 * progress and bonus.player-bonus.updated event (as the round's own event, not through the
 * outbox door: the hottest path, decision 016); answers the account's balance after them.
 * (The links' foreign key to the round is checked at the end of the statement, which inserts
 * both.)
 */
const INSERT_QUERY = prepared(sql`
  with round as (
    insert into ${gameRounds} (id, player_id, game_id, session_id, seed_id, nonce, currency, bet,
      payout, status, params, state, view, actions, cursor, created_at, settled_at, free_spin_id,
      bonus_id, bonus_bet)
    values (${p('id')}::uuid, ${p('player')}::uuid, ${p('game')}::int, ${p('session')}::uuid,
      ${p('seed')}::uuid, ${p('nonce')}::int, ${p('currency')}, ${p('bet')}::bigint,
      ${p('payout')}::bigint, ${p('status')}::smallint, ${p('params')}::jsonb, ${p('state')}::jsonb,
      ${p('view')}::jsonb, ${p('actions')}::jsonb, ${p('cursor')}::int,
      ${p('createdAt')}::timestamptz, ${p('settledAt')}::timestamptz, ${p('freeSpin')}::int,
      ${p('bonus')}::int, ${p('bonusBet')}::bigint)
    returning id
  ), progress as (
    update ${playerBonuses} set wagered = ${p('wagered')}::bigint
    where id = ${p('bonus')}::int and ${p('wagered')}::bigint is not null
  ), bonus_event as (
    ${recordEventsSql('bonus.player-bonus.updated', {
      playerId: sql`${p('player')}::uuid`,
      payload: sql`${p('bonusEvent')}::jsonb`,
      from: sql`where ${p('bonusEvent')}::jsonb is not null`,
    })}
  ), event as (
    ${recordEventsSql('game.round.settled', {
      playerId: sql`${p('player')}::uuid`,
      payload: sql`${p('event')}::jsonb`,
      from: sql`where ${p('event')}::jsonb is not null`,
    })}
  ), linked as (
    insert into ${gameRoundPostings} (round_id, transaction_id, kind)
    select r.id, l.transaction_id, l.kind
    from round r, jsonb_to_recordset(${p('postings')}::jsonb) as l(transaction_id uuid, kind text)
  )
  select a.balance::text as balance from ${ledgerAccounts} a where a.id = ${p('account')}::uuid`);

/**
 * Runs a statement as a named prepared statement: node-postgres parses and plans it once per
 * connection; PGlite (one in-process connection) ignores the name. Changing a statement's text
 * means changing its name (node-postgres refuses a known name with another text).
 */
async function run<T>(
  tx: Database,
  query: { sql: string; params: unknown[] },
  name: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const result: unknown = await tx._.session
    .prepareQuery(query, undefined, name, false)
    .execute(params);
  return (result as { rows: T[] }).rows;
}

const jsonOf = (value: unknown) => JSON.stringify(value ?? null);

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
      const [row] = await run<{
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
        free_spin: Record<string, unknown> | null;
      }>(tx, START_QUERY, 'rgs_start_v2', {
        player: ids.playerId,
        game: ids.gameId,
        account: ids.accountId,
        currency: ids.currency,
        freeSpin: ids.freeSpinId,
      });
      if (!row) throw new Error('startReads answered no row');
      return {
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
        freeSpin: row.free_spin === null ? null : freeSpinOf(row.free_spin),
      };
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
      const [answer] = await run<{ balance: string }>(tx, INSERT_QUERY, 'rgs_round_insert_v4', {
        id: row.id,
        player: row.playerId,
        game: row.gameId,
        session: row.sessionId,
        seed: row.seedId,
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
        createdAt: row.createdAt.toISOString(),
        settledAt: row.settledAt?.toISOString() ?? null,
        freeSpin: row.freeSpinId,
        bonus: row.bonusId,
        bonusBet: row.bonusBet,
        wagered: progress?.wagered ?? null,
        bonusEvent: progress?.event ? JSON.stringify(progress.event) : null,
        event: event === null ? null : JSON.stringify(event),
        postings: JSON.stringify(
          booked.postings.map((x) => ({ transaction_id: x.transactionId, kind: x.kind })),
        ),
        account: booked.accountId,
      });
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
