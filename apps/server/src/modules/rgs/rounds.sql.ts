import { sql, type SQL } from 'drizzle-orm';
import { BetStatus } from '@coinfall/shared';
import { toPrepared } from '../../db/prepared.ts';
import {
  bonusDefinitions,
  fairnessSeeds,
  gameRoundPostings,
  gameRounds,
  ledgerAccounts,
  playerBonuses,
  playerFreeSpins,
  playerLimits,
  sweepsCredits,
} from '../../db/schema/index.ts';
import { recordEventsSql } from '../../platform/events/outbox.repo.ts';

/** The hottest path's statements (decisions 016, 072), prepared once; rounds.repo.ts runs them. */
const prepared = toPrepared;
const p = (name: string) => sql.placeholder(name);
/**
 * The open status written into the text, not bound: the open round is found by the partial
 * index on open rounds, which a plan can use only when it sees the value. Bound, every run of the
 * prepared statement was planned anew (a generic plan could not use the index) — about 0.55 ms
 * of the database's CPU per batch.
 */
const OPEN = sql.raw(String(BetStatus.Open));

/** The player's active bonus in a currency with its definition's names and bonus account. */
const activeBonusJson = (player: SQL, currency: SQL) => sql`(select to_jsonb(b)
      || jsonb_build_object('slug', d.slug, 'kind', d.kind,
        'account_id', ba.id, 'account_balance', coalesce(ba.balance, 0))
      from ${playerBonuses} b join ${bonusDefinitions} d on d.id = b.bonus_id
      left join ${ledgerAccounts} ba on ba.player_id = b.player_id and ba.currency = b.currency
        and ba.owner_kind = 'bonus'
      where b.player_id = ${player} and b.currency = ${currency} and b.status = 2)`;

/**
 * One statement, after the player's row is locked (so its snapshot sees every stake and debit
 * queued before): takes the next nonce of the active pair (the `UPDATE` locks the pair, F2) and
 * reads the open round of the game, the account's balance, and whether limits or playthrough
 * apply at all. All by primary or unique keys.
 */
export const START_QUERY = prepared(sql`
  with taken as (
    update ${fairnessSeeds} set next_nonce = next_nonce + 1
    where player_id = ${p('player')}::uuid and active
    returning id, server_seed, server_seed_hash, client_seed, next_nonce
  )
  select t.id, t.server_seed, t.server_seed_hash, t.client_seed, t.next_nonce,
    (select r.id from ${gameRounds} r where r.player_id = ${p('player')}::uuid
      and r.game_id = ${p('game')}::int and r.status = ${OPEN} limit 1) as open_round_id,
    (select a.balance::text from ${ledgerAccounts} a where a.id = ${p('account')}::uuid) as balance,
    exists (select from ${playerLimits} l where l.player_id = ${p('player')}::uuid
      and l.type in ('wager', 'loss', 'session-time')) as limited,
    exists (select from ${sweepsCredits} c where c.player_id = ${p('player')}::uuid
      and c.completed_at is null) as open_credits,
    ${activeBonusJson(sql`${p('player')}::uuid`, sql`${p('currency')}`)} as bonus,
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
export const INSERT_QUERY = prepared(sql`
  with round as (
    insert into ${gameRounds} (id, player_id, game_id, session_id, seed_id, nonce, currency, bet,
      payout, status, params, state, view, actions, cursor, created_at, settled_at, free_spin_id,
      bonus_id, bonus_bet)
    values (${p('id')}::uuid, ${p('player_id')}::uuid, ${p('game_id')}::int,
      ${p('session_id')}::uuid, ${p('seed_id')}::uuid, ${p('nonce')}::int, ${p('currency')},
      ${p('bet')}::bigint, ${p('payout')}::bigint, ${p('status')}::smallint, ${p('params')}::jsonb,
      ${p('state')}::jsonb, ${p('view')}::jsonb, ${p('actions')}::jsonb, ${p('cursor')}::int,
      ${p('created_at')}::timestamptz, ${p('settled_at')}::timestamptz, ${p('free_spin_id')}::int,
      ${p('bonus_id')}::int, ${p('bonus_bet')}::bigint)
    returning id
  ), progress as (
    update ${playerBonuses} set wagered = ${p('wagered')}::bigint
    where id = ${p('bonus_id')}::int and ${p('wagered')}::bigint is not null
  ), bonus_event as (
    ${recordEventsSql('bonus.player-bonus.updated', {
      playerId: sql`${p('player_id')}::uuid`,
      payload: sql`${p('bonusEvent')}::jsonb`,
      from: sql`where ${p('bonusEvent')}::jsonb is not null`,
    })}
  ), event as (
    ${recordEventsSql('game.round.settled', {
      playerId: sql`${p('player_id')}::uuid`,
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
 * `START_QUERY`'s reads for a batch of rounds (decision 072), one row per item in item order,
 * after the batch's players are locked: each player's active pair locked (its nonce is taken by
 * `INSERT_MANY_QUERY`, which checks it is still the one read), and per item the open round of
 * its game, its account's balance, whether limits or playthrough apply, and its active bonus.
 * `= any(array(…))` keeps the pairs' scan on the player index (decision 056).
 */
export const START_MANY_QUERY = prepared(sql`
  with items as (
    select i.* from jsonb_to_recordset(${p('items')}::jsonb)
      as i(n int, player uuid, game int, account uuid, currency text)
  ), seeds as (
    select s.id, s.player_id, s.server_seed, s.server_seed_hash, s.client_seed, s.next_nonce
    from ${fairnessSeeds} s
    where s.player_id = any(array(select player from items)) and s.active
    for update
  )
  select i.n, s.id, s.server_seed, s.server_seed_hash, s.client_seed, s.next_nonce,
    (select r.id from ${gameRounds} r where r.player_id = i.player and r.game_id = i.game
      and r.status = ${OPEN} limit 1) as open_round_id,
    (select a.balance::text from ${ledgerAccounts} a where a.id = i.account) as balance,
    exists (select from ${playerLimits} l where l.player_id = i.player
      and l.type in ('wager', 'loss', 'session-time')) as limited,
    exists (select from ${sweepsCredits} c where c.player_id = i.player
      and c.completed_at is null) as open_credits,
    ${activeBonusJson(sql`i.player`, sql`i.currency`)} as bonus
  from items i left join seeds s on s.player_id = i.player
  order by i.n`);

/**
 * A batch's settled rounds in one statement (decision 072): each player's pair moves past the
 * nonces its rounds took, only while it is still the active pair at the nonce read (else fewer
 * rows answer and the caller rolls back); the rounds, their links to their postings and their
 * game.round.settled events; each active bonus's wagering after its rounds, and one
 * bonus.player-bonus.updated per round that moved it (as `INSERT_QUERY` writes them). jsonb columns come as JSON text, cast as `INSERT_QUERY` casts them.
 */
export const INSERT_MANY_QUERY = prepared(sql`
  with rounds as (
    insert into ${gameRounds} (id, player_id, game_id, session_id, seed_id, nonce, currency, bet,
      payout, status, params, state, view, actions, cursor, created_at, settled_at, bonus_id,
      bonus_bet)
    select r.id, r.player_id, r.game_id, r.session_id, r.seed_id, r.nonce, r.currency, r.bet,
      r.payout, r.status, r.params::jsonb, r.state::jsonb, r.view::jsonb, r.actions::jsonb,
      r.cursor, r.created_at, r.settled_at, r.bonus_id, r.bonus_bet
    from jsonb_to_recordset(${p('rounds')}::jsonb) as r(id uuid, player_id uuid, game_id int,
      session_id uuid, seed_id uuid, nonce int, currency text, bet bigint, payout bigint,
      status smallint, params text, state text, view text, actions text, cursor int,
      created_at timestamptz, settled_at timestamptz, bonus_id int, bonus_bet bigint)
    returning id
  ), bonuses as (
    select * from jsonb_to_recordset(${p('bonuses')}::jsonb) as u(id int, wagered bigint)
  ), progress as (
    update ${playerBonuses} b set wagered = u.wagered
    from bonuses u
    where b.id = any(array(select id from bonuses)) and b.id = u.id
    returning b.id
  ), bonus_event as (
    ${recordEventsSql('bonus.player-bonus.updated', {
      playerId: sql`e.player_id`,
      payload: sql`e.payload`,
      from: sql`from jsonb_to_recordset(${p('bonusEvents')}::jsonb) as e(player_id uuid, payload jsonb)`,
    })}
  ), seeds as (
    select * from jsonb_to_recordset(${p('seeds')}::jsonb) as u(id uuid, read int, next int)
  ), taken as (
    update ${fairnessSeeds} s set next_nonce = u.next
    from seeds u
    where s.id = any(array(select id from seeds)) and s.id = u.id and s.next_nonce = u.read
      and s.active
    returning s.id
  ), event as (
    ${recordEventsSql('game.round.settled', {
      playerId: sql`e.player_id`,
      payload: sql`e.payload`,
      from: sql`from jsonb_to_recordset(${p('events')}::jsonb) as e(player_id uuid, payload jsonb)`,
    })}
  ), linked as (
    insert into ${gameRoundPostings} (round_id, transaction_id, kind)
    select l.round_id, l.transaction_id, l.kind
    from jsonb_to_recordset(${p('postings')}::jsonb)
      as l(round_id uuid, transaction_id uuid, kind text)
    returning round_id
  )
  select (select count(*) from rounds)::int as rounds, (select count(*) from taken)::int as seeds,
    (select count(*) from linked)::int as postings, (select count(*) from progress)::int as bonuses`);
