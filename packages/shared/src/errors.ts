import { z } from 'zod';

/**
 * The closed set of error codes the API answers with. The client branches on `code`,
 * never on the message. Each code has exactly one HTTP status.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_ENDED: 401,
  /**
   * An operator route (/api/dev) without a valid operator credential; a player's token never is
   * one. Not a player-session problem: the site has nothing to refresh.
   */
  OPERATOR_UNAUTHENTICATED: 401,
  /**
   * A back-office route (/api/admin) without a live staff session: no cookie or token, a player's
   * token, an ended or idle session. The staff app signs in again; the player site never sees it.
   */
  STAFF_UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ACCOUNT_BLOCKED: 403,
  /**
   * Player status Limited (2): the player may sign in and play, but buys, deposits, redeems and
   * withdraws nothing (decision 033). Not a session problem: the site stays signed in.
   */
  ACCOUNT_LIMITED: 403,
  /** The account was removed by its owner (spec §4: accountRemoved alert). */
  ACCOUNT_REMOVED: 403,
  /**
   * Staff reset the account's password (issue 17): no way in — social login included — until the
   * player chooses a new one through the mailed link.
   */
  PASSWORD_RESET_REQUIRED: 403,
  /**
   * The player is on a break or self-excluded (issue 16): every door refuses until it ends.
   * details: { kind: 'break' | 'exclusion', endsAt: ISO date or null (indefinite) }.
   */
  PLAYER_EXCLUDED: 403,
  /**
   * Sweeps Coins play is not allowed where the player is (issue 16 jurisdiction rules); Gold
   * Coins play is. details: { country, region, source? }.
   */
  SWEEPS_NOT_ALLOWED: 403,
  /**
   * Bonuses are not offered where the player is (the jurisdiction rules' purchase-bonus flag,
   * decision 046): entering a bonus code, activating a bonus or free spins, claiming the daily
   * bonus. A purchase there still completes, without its bonus. details as SWEEPS_NOT_ALLOWED.
   */
  PURCHASE_BONUS_NOT_ALLOWED: 403,
  /**
   * A Sweeps Coins redemption is not allowed where the player is (the jurisdiction rules'
   * redemption flag, after any wind-down window; decision 046). details as SWEEPS_NOT_ALLOWED.
   */
  REDEMPTION_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /**
   * A segment whose members are written by code (a flag segment, or Purchasers, whose rule the
   * payer's flag depends on): its rule, name and description are not edited (decision 062).
   */
  SEGMENT_NOT_EDITABLE: 409,
  /**
   * A segment that promotions (bonus definitions, bonus codes, quests, quest chains) still
   * target: not retired; details.promotions names them (decision 064).
   */
  SEGMENT_IN_USE: 409,
  EMAIL_TAKEN: 409,
  /** A social login whose identity has no account yet; details carry a registration token. */
  SOCIAL_SIGNUP_REQUIRED: 409,
  /** A debit larger than the player account's balance; nothing was applied. */
  INSUFFICIENT_FUNDS: 409,
  /** A purchase or deposit over the player's purchase limit, or a redemption over its limits. */
  LIMIT_EXCEEDED: 409,
  /**
   * A round start once the play time of a session-time limit's window has reached it (decision
   * 036). details: { limitId, period, minutes, playedMinutes }.
   */
  SESSION_TIME_LIMIT_REACHED: 409,
  /** Redemption needs KYC, a confirmed email and a confirmed phone (spec §6). */
  VERIFICATION_REQUIRED: 403,
  /** A game collection limited to countries the caller is not known to be in (spec §3). */
  COLLECTION_UNAVAILABLE: 403,
  /** A redemption that needs a W-9 on file first (spec §6 segments). */
  W9_REQUIRED: 403,
  /** The payment provider refused the payment; details.failureCode says why. */
  PAYMENT_DECLINED: 402,
  /**
   * A purchase or deposit the player asked to cancel that cannot be: details.reason is `final`
   * (it has its outcome already) or `processing` (the provider is completing it); details.invoice.
   */
  INVOICE_NOT_CANCELABLE: 409,
  /**
   * A purchase of a bundle whose price or coins changed since the player saw them (the `expected`
   * offer); details.bundle is the offer now. Nothing was bought.
   */
  OFFER_CHANGED: 409,
  /** The provider refused the player's cashier session; details.errorCode is 13102 (spec §8). */
  PAYMENT_SESSION_REFUSED: 401,
  /** A game-session token past its expiry: open the game again (open rounds may still finish). */
  GAME_SESSION_EXPIRED: 401,
  /** The game is not offered in the player's country (none of its collections is). */
  GAME_UNAVAILABLE: 403,
  /** Games are played in GC or SC: the active wallet account is in another currency. */
  CURRENCY_NOT_PLAYABLE: 409,
  /** A stake that is not one of the bet levels of the session's currency. */
  BET_NOT_ALLOWED: 400,
  /** A stake above the active bonus's maximum bet (issue 14); details.maxBet, minor units. */
  BONUS_MAX_BET: 400,
  /**
   * A chain's steps change would move, remove or put a step before one players have reached
   * (decision 061). details: { fixedSteps } — how many leading steps stay in place.
   */
  CHAIN_STEP_REACHED: 409,
  /** A round of this game is open (finish it first), or a seed change while a round is open. */
  ROUND_OPEN: 409,
  /** An action on a round that has settled already. */
  ROUND_CLOSED: 409,
  /** The game's rules refuse this move; details.rule carries the engine's code. */
  GAME_RULE: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** A path segment past the router's length limit. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const fieldIssueSchema = z.object({
  field: z.string().describe('Dotted path of the failing input, e.g. "body.email" or "query.page"'),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  requestId: z.string(),
  details: z
    .object({ fields: z.array(fieldIssueSchema).optional() })
    .catchall(z.unknown())
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
