import { createHash, createHmac, randomBytes } from 'node:crypto';
import { isEngineRuleError } from '@coinfall/shared/games/engine-rule-error';
import {
  BET_LEVELS,
  BetStatus,
  GAME_CURRENCIES,
  GAME_SESSION_AUTH_SCHEME,
  createFloatSource,
  fairMessage,
  type FloatSource,
  type GameCurrency,
  type Round,
} from '@coinfall/shared';

/** A fresh secret: 32 random bytes, hex (the game-session token, a server seed). */
export const randomHex32 = () => randomBytes(32).toString('hex');
/** A default client seed until the player sets one. */
export const randomClientSeed = () => randomBytes(16).toString('hex');

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The token of `Authorization: GameSession <token>`; null when the header is another scheme. */
export function gameSessionTokenOf(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = new RegExp(`^${GAME_SESSION_AUTH_SCHEME} ([0-9a-f]{64})$`).exec(header.trim());
  return match?.[1] ?? null;
}

export const isGameCurrency = (currency: string): currency is GameCurrency =>
  (GAME_CURRENCIES as readonly string[]).includes(currency);

export const betLevelsOf = (currency: GameCurrency): number[] => [...BET_LEVELS[currency]];

/** The fair float stream of one round (design §1), resumed at `cursor`. */
export function fairFloats(
  seed: { serverSeed: string; clientSeed: string },
  nonce: number,
  cursor: number,
): FloatSource {
  return createFloatSource(
    (round) =>
      createHmac('sha256', seed.serverSeed)
        .update(fairMessage(seed.clientSeed, nonce, round))
        .digest(),
    cursor,
  );
}

/** Ledger idempotency keys of a round's postings: one per round and step. */
export const ledgerKeyOf = (
  roundId: string,
  step: 'bet' | 'win' | 'round' | 'refund' | `extra:${number}`,
) => `rgs:${roundId}:${step}`;

/**
 * A settled round against its stake: won when it pays more than the stake, even when it pays the
 * stake back exactly (a blackjack push, a slot line worth the bet), lost otherwise. A free round
 * (no stake) that pays nothing is lost, not even.
 */
export function settledStatus(bet: number, payout: number) {
  if (payout > bet) return BetStatus.Won;
  if (payout === bet && bet > 0) return BetStatus.Even;
  return BetStatus.Lost;
}

/**
 * Whether a game is playable in a country: its own country list (decision 055) allows it, and it
 * belongs to no collection, or to at least one collection open to every country or to this one.
 * An unknown country only gets open games and collections.
 */
export function availableIn(
  collectionCountries: string[][],
  country: string | null,
  gameCountries: readonly string[] = [],
): boolean {
  if (gameCountries.length > 0 && (country === null || !gameCountries.includes(country)))
    return false;
  if (collectionCountries.length === 0) return true;
  return collectionCountries.some(
    (countries) => countries.length === 0 || (country !== null && countries.includes(country)),
  );
}

/** A round row as the game client and the replay see it. */
export interface RoundRowLike {
  id: string;
  currency: string;
  bet: number;
  payout: number;
  status: number;
  params: unknown;
  view: unknown;
  nonce: number;
  createdAt: Date;
  settledAt: Date | null;
}

export function toRound(
  row: RoundRowLike,
  game: string,
  seed: { serverSeedHash: string; clientSeed: string },
): Round {
  return {
    id: row.id,
    game,
    currency: row.currency as GameCurrency,
    bet: row.bet,
    payout: row.payout,
    status: row.status as Round['status'],
    params: row.params,
    view: row.view,
    done: row.status !== BetStatus.Open,
    nonce: row.nonce,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** Spec §9 big wins: a payout of 100× the stake or more, or 500 SC or more. */
export const BIG_WIN_MULTIPLIER = 100;
export const BIG_WIN_SC_MINOR = 50_000;

export function isBigWin(currency: string, bet: number, payout: number): boolean {
  if (payout <= 0) return false;
  return payout >= bet * BIG_WIN_MULTIPLIER || (currency === 'SC' && payout >= BIG_WIN_SC_MINOR);
}

/** An engine's rule refusal (the math modules' EngineRuleError). */
export function engineRuleOf(err: unknown): { code: string; message: string } | null {
  return isEngineRuleError(err) ? { code: err.code, message: err.message } : null;
}
