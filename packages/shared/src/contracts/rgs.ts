import { z } from 'zod';
import { BetStatus } from '../constants.ts';
import { GAME_CURRENCIES, GAME_KINDS, VOLATILITIES } from './game.ts';
import { serialIdSchema } from './serial-id.ts';

/**
 * The game server (modules/rgs) as the game client in the iframe sees it: every call carries
 * `Authorization: GameSession <token>` (the token of the launch URL's fragment), never the
 * player's session token. Money-moving calls need an Idempotency-Key; a retry gets the first
 * answer. Amounts are integer minor units of the session's currency.
 */
export const GAME_SESSION_AUTH_SCHEME = 'GameSession';
export const GAME_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

/** Bet levels per currency, minor units (GC and SC have 100 minor units to the coin). */
export const BET_LEVELS: Record<(typeof GAME_CURRENCIES)[number], readonly number[]> = {
  GC: [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000],
  SC: [20, 50, 100, 200, 500, 1_000, 2_000],
};

export const fairnessStateSchema = z.object({
  /** SHA-256 hex of the active server seed: the commitment, shown before any round. */
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int().nonnegative(),
});
export type FairnessState = z.infer<typeof fairnessStateSchema>;

/** The player's seed pairs: the active one, and the last one revealed by rotation. */
export const fairnessSchema = fairnessStateSchema.extend({
  previous: z
    .object({
      serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
      serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
      clientSeed: z.string(),
      /** Rounds played under it had nonces 0 … nonces - 1. */
      nonces: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type Fairness = z.infer<typeof fairnessSchema>;

export const clientSeedBodySchema = z.object({
  clientSeed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'Printable ASCII without spaces'),
});
export type ClientSeedBody = z.infer<typeof clientSeedBodySchema>;

export const roundSchema = z.object({
  id: z.uuid(),
  game: z.string().describe('Game identity'),
  currency: z.enum(GAME_CURRENCIES),
  bet: z.number().int().describe('Everything staked in the round so far'),
  payout: z.number().int(),
  status: z.union([
    z.literal(BetStatus.Open),
    z.literal(BetStatus.Won),
    z.literal(BetStatus.Lost),
    z.literal(BetStatus.Refunded),
    z.literal(BetStatus.Even),
  ]),
  /** The player's choices (dice target, mines count…), as the game's paramsSchema. */
  params: z.unknown(),
  /** The public view of the round (engine Step.view): what the game client draws. */
  view: z.unknown(),
  done: z.boolean(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type Round = z.infer<typeof roundSchema>;

/**
 * The active bonus of the session's currency as the game page shows it (issue 14): stakes take
 * cash first, then `balance`; wagering progress; the largest stake allowed while it is active.
 */
export const gameBonusSchema = z.object({
  id: z.number().int(),
  balance: z.number().int(),
  wagered: z.number().int(),
  wageringRequired: z.number().int(),
  maxBet: z.number().int().nullable(),
});
export type GameBonus = z.infer<typeof gameBonusSchema>;

/** The player's free spins on this game: start a round with `freeSpinId` to play one. */
export const gameFreeSpinsSchema = z.object({
  id: z.number().int(),
  /** Spins left after this answer. */
  left: z.number().int(),
  /** The stake each spin plays, paid by the house. */
  bet: z.number().int(),
  /** What the spins played so far won (paid when the last one settles). */
  won: z.number().int(),
});
export type GameFreeSpins = z.infer<typeof gameFreeSpinsSchema>;

export const gameSessionStateSchema = z.object({
  game: z.object({
    identity: z.string(),
    name: z.string(),
    kind: z.enum(GAME_KINDS),
    engine: z.string(),
    rtp: z.string(),
    volatility: z.enum(VOLATILITIES),
  }),
  currency: z.enum(GAME_CURRENCIES),
  balance: z.number().int(),
  betLevels: z.array(z.number().int()),
  defaultBet: z.number().int(),
  /** The round to resume (mines, hi-lo, blackjack, free spins), if one is open. */
  openRound: roundSchema.nullable(),
  fairness: fairnessStateSchema,
  expiresAt: z.iso.datetime(),
  /** Null (or absent, from older servers): no active bonus in this currency. */
  bonus: gameBonusSchema.nullable().optional(),
  /** Null (or absent): no free spins to play on this game. */
  freeSpins: gameFreeSpinsSchema.nullable().optional(),
});
export type GameSessionState = z.infer<typeof gameSessionStateSchema>;

export const startRoundBodySchema = z.object({
  bet: z.number().int().positive(),
  /** Validated by the game's own paramsSchema. */
  params: z.record(z.string(), z.unknown()).default({}),
  /**
   * Play one of the player's free spins on this game (GameSessionState.freeSpins.id): the round
   * stakes the free spin's bet, paid by the house, whatever `bet` says.
   */
  freeSpinId: serialIdSchema.optional(),
});
export type StartRoundBody = z.infer<typeof startRoundBodySchema>;

export const roundActionBodySchema = z.object({
  /** Validated by the game's own actionSchema. */
  action: z.record(z.string(), z.unknown()),
});
export type RoundActionBody = z.infer<typeof roundActionBodySchema>;

export const roundAnswerSchema = z.object({
  round: roundSchema,
  /** The cash balance of the session's account (an active bonus's balance is in `bonus`). */
  balance: z.number().int(),
  fairness: fairnessStateSchema,
  /** The active bonus after this step; null or absent: none. */
  bonus: gameBonusSchema.nullable().optional(),
  /** The free spins after a free-spin round's step (`left` may be 0); absent otherwise. */
  freeSpins: gameFreeSpinsSchema.nullable().optional(),
});
export type RoundAnswer = z.infer<typeof roundAnswerSchema>;

export const roundIdParamsSchema = z.object({ id: z.uuid() });

/** Sandbox (the operator's stand-in until a back office): roll an open round back. */
export const rollbackRoundBodySchema = z.object({
  reason: z.string().trim().min(1).max(200).describe('Why, kept on the refund posting'),
});
export type RollbackRoundBody = z.infer<typeof rollbackRoundBodySchema>;

/**
 * Sandbox only: POST /api/dev/players/{id}/fairness/seeds, a new seed pair with both seeds
 * chosen (browser tests pick an outcome; decision 032).
 */
export const devChooseSeedsBodySchema = z.object({
  serverSeed: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('32 bytes as 64 lowercase hex digits, like the seeds the server draws'),
  clientSeed: clientSeedBodySchema.shape.clientSeed,
});
export type DevChooseSeedsBody = z.infer<typeof devChooseSeedsBodySchema>;

/** A round with what it takes to recompute it: the seed once revealed (replay and verifier). */
export const roundReplaySchema = z.object({
  round: roundSchema,
  engine: z.string(),
  /** Null while the seed pair is active: rotate it to verify this round. */
  serverSeed: z.string().nullable(),
  /** Every action taken, in order, as the engine's actionSchema. */
  actions: z.array(z.unknown()),
});
export type RoundReplay = z.infer<typeof roundReplaySchema>;
