import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BetStatus } from '@coinfall/shared';
import { playerBonuses, playerFreeSpins } from './bonus.ts';
import { timestamptz } from './columns.ts';
import { ledgerAccounts, ledgerTransactions } from './ledger.ts';
import { players, playerSessions } from './player.ts';

/** Studios and the hidden sportsbook (spec §3 Game provider). */
export const gameProviders = pgTable('game_providers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  identity: text('identity').notNull().unique(),
  name: text('name').notNull(),
  /** Never listed (the sportsbook `betsy` behind /sport). */
  hidden: boolean('hidden').notNull().default(false),
});

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    identity: text('identity').notNull().unique(),
    name: text('name').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    /** slot | original | table */
    kind: text('kind').notNull(),
    /** The math module that runs it (packages/shared/src/games; GameEngine.key). */
    engine: text('engine').notNull(),
    /** Percent, 3 decimals, from the engine's exact figure (e.g. 98.990). */
    rtp: text('rtp').notNull(),
    volatility: text('volatility').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    /** Lobby order of `sortBy=default` and of popularity (higher first). */
    position: integer('position').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** ISO countries where the game may be seen and played; empty = everywhere (decision 055). */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('games_provider_idx').on(t.providerId)],
);

export const gameCollections = pgTable('game_collections', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  identity: text('identity').notNull().unique(),
  name: text('name').notNull(),
  /** ISO alpha-2 codes where it is available; empty = everywhere (spec §3). */
  countries: text('countries')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  position: integer('position').notNull().default(0),
});

export const gameCollectionGames = pgTable(
  'game_collection_games',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => gameCollections.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.gameId] }),
    index('game_collection_games_game_idx').on(t.gameId),
  ],
);

export const gameFavorites = pgTable(
  'game_favorites',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.gameId] })],
);

/** A launch: the game client's credential (hashed token) bound to one player, game and account. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token in the launch URL; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /**
     * The player session that launched it: the game session ends with it (logout, close, a
     * password change elsewhere). Null only for sessions older than the column — refused.
     */
    playerSessionId: uuid('player_session_id').references(() => playerSessions.id, {
      onDelete: 'cascade',
    }),
    currency: text('currency').notNull(),
    device: text('device').notNull(),
    /** The player's country at launch (winners boards); null when unknown. */
    country: text('country'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('game_sessions_player_idx').on(t.playerId, t.createdAt)],
);

/**
 * Provably fair seed pairs (design/fairness-and-ledger.md §1). `server_seed` is secret while
 * the pair is active: no response, push or log may carry it; rotation reveals it.
 */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce of the next round under this pair (rounds used 0 … next_nonce - 1). */
    nextNonce: integer('next_nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revealedAt: timestamptz('revealed_at'),
  },
  (t) => [
    uniqueIndex('fairness_seeds_active_key')
      .on(t.playerId)
      .where(sql`${t.active}`),
    index('fairness_seeds_player_idx').on(t.playerId, t.createdAt),
    check('fairness_seeds_nonce_check', sql`${t.nextNonce} >= 0`),
  ],
);

/**
 * Every round, open or settled. Settled in one transaction with its ledger postings; a stateful
 * round keeps its engine state and float cursor until it settles (resume after reload/crash).
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => gameSessions.id),
    seedId: uuid('seed_id')
      .notNull()
      .references(() => fairnessSeeds.id),
    nonce: integer('nonce').notNull(),
    currency: text('currency').notNull(),
    /** Everything staked so far (opening bet + doubles/splits), minor units. */
    bet: bigint('bet', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** BetStatus: 1 open, 2 won, 3 lost, 4 refunded, 5 even (the stake paid back). */
    status: smallint('status').notNull(),
    params: jsonb('params').notNull(),
    /** Engine state (private: may hold hidden cards or mine positions) and its public view. */
    state: jsonb('state').notNull(),
    view: jsonb('view').notNull(),
    /** Actions taken, in order (replay). */
    actions: jsonb('actions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Floats consumed so far: a resumed round continues the stream here. */
    cursor: integer('cursor').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    settledAt: timestamptz('settled_at'),
    /**
     * The player free spin this round played (issue 14): its stake was the house's, its win
     * adds to the free spin's `won`, and nothing moved in the player's accounts.
     */
    freeSpinId: integer('free_spin_id').references(() => playerFreeSpins.id),
    /** The active bonus when the round started: its wagering counts the round's stakes. */
    bonusId: integer('bonus_id').references(() => playerBonuses.id),
    /** The part of `bet` paid from the bonus balance (cash first, then bonus); wins follow it. */
    bonusBet: bigint('bonus_bet', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('game_rounds_seed_nonce_key').on(t.seedId, t.nonce),
    index('game_rounds_player_idx').on(t.playerId, t.createdAt),
    // The back office's round search across players (decision 037): newest first, by game.
    index('game_rounds_created_idx').on(t.createdAt),
    index('game_rounds_game_created_idx').on(t.gameId, t.createdAt),
    // One open round per player and game: opening the game resumes it.
    uniqueIndex('game_rounds_open_key')
      .on(t.playerId, t.gameId)
      .where(sql`${t.status} = ${sql.raw(String(BetStatus.Open))}`),
    check(
      'game_rounds_amounts_check',
      sql`${t.bet} >= 0 and ${t.payout} >= 0 and ${t.bonusBet} between 0 and ${t.bet}`,
    ),
  ],
);

/** Ledger transactions of a round (bet, doubles, win, refund), for audit and replay. */
export const gameRoundPostings = pgTable(
  'game_round_postings',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => gameRounds.id),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.transactionId] })],
);

/**
 * Big-win alerts (spec §9 `/slack/big-wins`), one per settled round that qualifies, written by
 * the outbox handler of game.round.settled — so a round that committed is alerted even when the
 * node died right after. `delivery`: pending until the Slack call ends, then sent, failed or
 * not_configured (no webhook URL): recorded either way.
 */
export const bigWinAlerts = pgTable(
  'big_win_alerts',
  {
    /** The event's roundId (a uuid for game rounds; the sandbox's dev rounds use `dev-…`). */
    roundId: text('round_id').primaryKey(),
    playerId: uuid('player_id').notNull(),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    bet: bigint('bet', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
    delivery: text('delivery').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('big_win_alerts_player_idx').on(t.playerId, t.createdAt),
    index('big_win_alerts_created_idx').on(t.createdAt),
  ],
);
