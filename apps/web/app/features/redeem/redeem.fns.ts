import type { RedeemRefusal, SweepsCredit } from '@coinfall/shared/contracts/redemption';
import type { ErrorCode } from '@coinfall/shared/errors';
import type { ApiFailure } from '../../lib/api/api-error.ts';
import { formatMinorUnits } from '../wallet/money.fns';

/** Sweeps Coins have 100 minor units per coin (REDEEM_MIN_AMOUNT 10 000 = 100 SC). */
export const SC_MINOR_PER_COIN = 100;

/**
 * What the player typed ("12", "12.5", "1,234.50") as minor units of a unit worth `divisor`
 * minor units, exactly: no float arithmetic, no more decimals than the unit has, group
 * separators allowed. Undefined for anything else.
 */
export function parseMinorAmount(text: string, divisor: number): number | undefined {
  const digits = Math.max(0, Math.round(Math.log10(divisor)));
  const cleaned = text.trim().replace(/[\s,]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return undefined;
  const decimals = match[2] ?? '';
  if (decimals.length > digits) return undefined;
  const whole = Number(match[1]);
  const fraction = digits > 0 ? Number(decimals.padEnd(digits, '0')) : 0;
  const minor = whole * divisor + fraction;
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** An amount typed in Sweeps Coins (two decimals) as SC minor units. */
export function parseScAmount(text: string): number | undefined {
  return parseMinorAmount(text, SC_MINOR_PER_COIN);
}

/** SC minor units as the input shows them: "12.50" (no grouping, always two decimals). */
export function scInputValue(minor: number): string {
  const whole = Math.floor(minor / SC_MINOR_PER_COIN);
  const fraction = String(minor % SC_MINOR_PER_COIN).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** SC minor units for reading: "1,234.50 SC" in the locale, always two decimals, exactly. */
export function formatSc(minor: number, locale: string): string {
  return `${formatMinorUnits(minor, SC_MINOR_PER_COIN, locale, 2)} SC`;
}

export type AmountProblem = 'invalid' | 'belowMinimum' | 'aboveRedeemable';

/** The local check of an amount before the server's: format, minimum, redeemable now. */
export function amountProblem(
  minor: number | undefined,
  { minAmount, redeemable }: { minAmount: number; redeemable: number },
): AmountProblem | undefined {
  if (minor === undefined || minor <= 0) return 'invalid';
  if (minor < minAmount) return 'belowMinimum';
  if (minor > redeemable) return 'aboveRedeemable';
  return undefined;
}

/** Message keys of the refusals GET /api/redeem-limits answers with, in the order shown. */
export const REFUSAL_MESSAGE = {
  blocked: 'refusalBlocked',
  not_allowed_here: 'refusalNotAllowedHere',
  verification_required: 'refusalVerification',
  w9_required: 'refusalW9',
  below_minimum: 'refusalBelowMinimum',
  above_redeemable: 'refusalAboveRedeemable',
  above_daily_limit: 'refusalAboveDaily',
} as const satisfies Record<RedeemRefusal, string>;

const REFUSAL_ORDER = Object.keys(REFUSAL_MESSAGE) as RedeemRefusal[];

/** The refusals' message keys, most blocking first, each once. */
export function refusalMessages(
  refusals: readonly RedeemRefusal[],
): (typeof REFUSAL_MESSAGE)[RedeemRefusal][] {
  return REFUSAL_ORDER.filter((r) => refusals.includes(r)).map((r) => REFUSAL_MESSAGE[r]);
}

/** How far a credit has been played through, 0–100, floored so 100 means really done. */
export function playthroughPercent(credit: Pick<SweepsCredit, 'amount' | 'wagered'>): number {
  if (credit.amount <= 0) return 100;
  const ratio = Math.min(Math.max(credit.wagered, 0), credit.amount) / credit.amount;
  return Math.floor(ratio * 100);
}

export type VerificationStep = 'kyc' | 'email' | 'phone';
export const VERIFICATION_STEPS: readonly VerificationStep[] = ['kyc', 'email', 'phone'];

/**
 * The steps a 403 VERIFICATION_REQUIRED names as missing. The details may list them
 * (`missing: ['kyc', 'phone']`) or flag each (`kyc: false`); unknown shapes name none, and the
 * checklist then falls back to the profile.
 */
export function missingVerificationOf({
  details,
}: Pick<ApiFailure, 'details'>): VerificationStep[] {
  if (!details) return [];
  const listed = details.missing;
  if (Array.isArray(listed))
    return VERIFICATION_STEPS.filter((step) => listed.some((item) => item === step));
  return VERIFICATION_STEPS.filter((step) => details[step] === false);
}

/** What a failed payout (POST …/virtual-payout) means to the player. */
export type PayoutFailure =
  | { kind: 'verification'; missing: VerificationStep[] }
  | { kind: 'w9' }
  | { kind: 'limit' }
  | { kind: 'insufficientFunds' }
  | { kind: 'blocked' }
  /** The player's place refuses Sweeps Coins redemptions (decision 046). */
  | { kind: 'notAllowedHere' }
  | { kind: 'session' }
  | { kind: 'invalid' }
  | { kind: 'conflict' }
  /** Sweeps Coins bonuses are issued or active: redeeming forfeits them, once confirmed. */
  | { kind: 'bonusesActive'; count: number }
  | { kind: 'unknown'; retryable: boolean };

/** The codes the payout endpoint refuses with, as the flow names them. */
const PAYOUT_REFUSALS: Partial<
  Record<ErrorCode, Exclude<PayoutFailure['kind'], 'verification' | 'bonusesActive' | 'unknown'>>
> = {
  W9_REQUIRED: 'w9',
  LIMIT_EXCEEDED: 'limit',
  INSUFFICIENT_FUNDS: 'insufficientFunds',
  ACCOUNT_BLOCKED: 'blocked',
  // A Limited account plays but redeems nothing: to the player, the same "cannot redeem".
  ACCOUNT_LIMITED: 'blocked',
  REDEMPTION_NOT_ALLOWED: 'notAllowedHere',
  VALIDATION_FAILED: 'invalid',
  BAD_REQUEST: 'invalid',
  CONFLICT: 'conflict',
};

export function payoutFailureOf(failure: ApiFailure): PayoutFailure {
  const { status, code } = failure;
  if (code === 'VERIFICATION_REQUIRED')
    return { kind: 'verification', missing: missingVerificationOf(failure) };
  const activeBonuses = failure.details?.activeBonuses;
  if (code === 'CONFLICT' && Array.isArray(activeBonuses))
    return { kind: 'bonusesActive', count: activeBonuses.length };
  const kind = code ? PAYOUT_REFUSALS[code] : undefined;
  if (kind) return { kind };
  if (status === 401) return { kind: 'session' };
  // Nothing answered, or the server failed: the same key may be sent again safely.
  return { kind: 'unknown', retryable: status === 0 || status >= 500 || status === 429 };
}

/** The message key of a payout failure (the verification and W-9 ones have their own screens). */
export const PAYOUT_FAILURE_MESSAGE = {
  verification: 'errorVerification',
  w9: 'errorW9',
  limit: 'errorLimit',
  insufficientFunds: 'errorInsufficient',
  blocked: 'errorBlocked',
  notAllowedHere: 'errorNotAllowedHere',
  session: 'errorSession',
  invalid: 'errorInvalid',
  conflict: 'errorConflict',
  bonusesActive: 'errorBonusesActive',
  unknown: 'errorUnknown',
} as const satisfies Record<PayoutFailure['kind'], string>;

/** The Idempotency-Key of one intent of the player: kept while the request stays the same. */
export interface IntentKey {
  intent: string;
  key: string;
}

/**
 * The key to send for `intent` (the request body, serialized): the same key again for a retry
 * of the same request (the server then answers the first result), a new one once it changed.
 */
export function keyForIntent(
  current: IntentKey | undefined,
  intent: string,
  makeKey: () => string,
): IntentKey {
  return current?.intent === intent ? current : { intent, key: makeKey() };
}

/**
 * Whether a retry should reuse the failed request's key: when no answer was kept (no answer,
 * a 5xx) or the first request is still running (409 CONFLICT); the server replays anything else.
 */
export function isRetrySafe(failure: PayoutFailure): boolean {
  return (failure.kind === 'unknown' && failure.retryable) || failure.kind === 'conflict';
}

/**
 * Spec §8: the code the error modal shows when the withdrawal methods cannot be loaded — the
 * provider's numeric code from the details when there is one, else the API's error code.
 */
export function errorModalCodeOf({
  code,
  details,
}: Pick<ApiFailure, 'code' | 'details'>): string | undefined {
  const providerCode = details?.errorCode;
  if (typeof providerCode === 'number' || (typeof providerCode === 'string' && providerCode))
    return String(providerCode);
  return code;
}

/** Accounts that can be withdrawn: money (fiat or crypto) with a balance, never coins. */
export function withdrawableAccounts<A extends { currency: string; balance: number }>(
  accounts: readonly A[],
  typeOf: (code: string) => 'fiat' | 'crypto' | 'virtual' | undefined,
): A[] {
  return accounts.filter((account) => {
    const type = typeOf(account.currency);
    return (type === 'fiat' || type === 'crypto') && account.balance > 0;
  });
}
