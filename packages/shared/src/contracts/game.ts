import { z } from 'zod';
import { BetStatus } from '../constants.ts';
import { DEVICE_TYPES } from './events.ts';
import { pageQuerySchema, pagedListSchema } from './player.ts';
import { serialIdParamSchema } from './serial-id.ts';

/**
 * The game catalog and the launch contract (spec §3 Game / Game provider / Game collection,
 * §7 Game; ARCHITECTURE §3). Our own studio is served exactly like a third-party provider:
 * `POST /api/game/games/{id}/play` answers a launch URL; the game client in the iframe then talks
 * to the game server (`/api/rgs`, contracts/rgs.ts) with the game-session token only.
 */

/** The sportsbook behind /sport: a provider that is never listed (spec §3). */
export const HIDDEN_PROVIDER_IDENTITY = 'betsy';
/** Games are played in the virtual currencies only (sweepstakes model): Gold and Sweeps Coins. */
export const GAME_CURRENCIES = ['GC', 'SC'] as const;
export type GameCurrency = (typeof GAME_CURRENCIES)[number];
/** spec §9: the lookup form of GET /api/game/games asks for 12. */
export const GAME_LOOKUP_PAGE_SIZE = 12;
export const RECENTLY_PLAYED_SIZE = 24;

export const GAME_KINDS = ['slot', 'original', 'table'] as const;
export const VOLATILITIES = ['low', 'medium', 'high'] as const;

/** A slug: what /games/{identity} and free-spin alerts use. */
export const gameIdentitySchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and single hyphens')
  .max(64);

/** `{id}` in game paths: the numeric id or the identity. */
export const gameRefParamsSchema = z.object({
  id: z.union([serialIdParamSchema, gameIdentitySchema]),
});

export const gameProviderSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  name: z.string(),
  gamesCount: z.number().int(),
});
export type GameProvider = z.infer<typeof gameProviderSchema>;
export const gameProviderListSchema = z.object({ data: z.array(gameProviderSchema) });

export const gameCollectionSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2 codes where the collection is available; empty = everywhere. */
  countries: z.array(z.string().length(2)),
  gamesCount: z.number().int(),
});
export type GameCollection = z.infer<typeof gameCollectionSchema>;
export const gameCollectionListSchema = z.object({ data: z.array(gameCollectionSchema) });

export const gameSchema = z.object({
  id: z.number().int(),
  identity: z.string(),
  name: z.string(),
  provider: gameProviderSchema.pick({ id: true, identity: true, name: true }),
  kind: z.enum(GAME_KINDS),
  /** Collection identities the game belongs to. */
  collections: z.array(z.string()),
  /** Return to player, percent with 3 decimals, computed from the game's math (e.g. "98.990"). */
  rtp: z.string().regex(/^\d{1,3}\.\d{3}$/),
  volatility: z.enum(VOLATILITIES),
  isNew: z.boolean(),
  /** Whether the logged-in player marked it; false for guests. */
  isFavorite: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

export const GAME_SORTS = ['default', 'name', 'popularity', 'new', 'rtp'] as const;

export const gameListQuerySchema = pageQuerySchema.extend({
  collection: gameIdentitySchema.optional(),
  provider: gameIdentitySchema.optional(),
  search: z.string().trim().min(1).max(64).optional(),
  sortBy: z.enum(GAME_SORTS).default('default'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  /** The lookup form (spec §7): only these game ids; bracket arrays (`gameId[]=1`) or one. */
  gameId: z
    .union([serialIdParamSchema, z.array(serialIdParamSchema)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;
export const gameListSchema = pagedListSchema(gameSchema);
export type GameList = z.infer<typeof gameListSchema>;
export const gameArraySchema = z.object({ data: z.array(gameSchema) });

export const favoriteAnswerSchema = z.object({ gameId: z.number().int(), isFavorite: z.boolean() });

export const playGameBodySchema = z.object({
  device: z.enum(DEVICE_TYPES).default('desktop'),
  locale: z.string().max(10).optional(),
});
export type PlayGameBody = z.infer<typeof playGameBodySchema>;

export const playGameAnswerSchema = z.object({
  /** Open it in the iframe; it carries the game-session token. */
  launchUrl: z.string(),
  gameSessionId: z.uuid(),
  currency: z.enum(GAME_CURRENCIES),
  expiresAt: z.iso.datetime(),
});
export type PlayGameAnswer = z.infer<typeof playGameAnswerSchema>;

/** One settled or open round, as the player's round history shows it (GET /api/game/spins). */
export const spinSchema = z.object({
  id: z.uuid(),
  gameId: z.number().int(),
  gameIdentity: z.string(),
  gameName: z.string(),
  currency: z.string(),
  bet: z.number().int().describe('Minor units, everything staked in the round'),
  payout: z.number().int().describe('Minor units'),
  status: z.union([
    z.literal(BetStatus.Open),
    z.literal(BetStatus.Won),
    z.literal(BetStatus.Lost),
    z.literal(BetStatus.Refunded),
    z.literal(BetStatus.Even),
  ]),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type Spin = z.infer<typeof spinSchema>;
export const spinListSchema = pagedListSchema(spinSchema);
export const spinListQuerySchema = pageQuerySchema;
