import type { RedeemRefusal, SweepsCredit } from '@coinfall/shared/contracts/redemption';
import { errorCodeOf } from '../session/api-client.fns';
import { formatMinorUnits } from '../wallet/money.fns';

/** Sweeps Coins have 100 minor units per coin (REDEEM_MIN_AMOUNT 10 000 = 100 SC). */
export const SC_MINOR_PER_COIN = 100;

/**
 * What the player typed ("12", "12.5", "1,234.50") as SC minor units, exactly: no float
 * arithmetic, at most two decimals, group separators allowed. Undefined for anything else.
 */
export function parseScAmount(text: string): number | undefined {
  const cleaned = text.trim().replace(/[\s,]/g, '');
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * SC_MINOR_PER_COIN + fraction;
  return Number.isSafeInteger(minor) ? minor : undefined;
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
export function missingVerificationOf(body: unknown): VerificationStep[] {
  const details = asRecord(asRecord(body)?.details);
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
  | { kind: 'session' }
  | { kind: 'invalid' }
  | { kind: 'conflict' }
  | { kind: 'unknown'; retryable: boolean };

export function payoutFailureOf(status: number, body: unknown): PayoutFailure {
  switch (errorCodeOf(body)) {
    case 'VERIFICATION_REQUIRED':
      return { kind: 'verification', missing: missingVerificationOf(body) };
    case 'W9_REQUIRED':
      return { kind: 'w9' };
    case 'LIMIT_EXCEEDED':
      return { kind: 'limit' };
    case 'INSUFFICIENT_FUNDS':
      return { kind: 'insufficientFunds' };
    case 'ACCOUNT_BLOCKED':
      return { kind: 'blocked' };
    case 'VALIDATION_FAILED':
    case 'BAD_REQUEST':
      return { kind: 'invalid' };
    case 'CONFLICT':
      return { kind: 'conflict' };
    default:
      if (status === 401) return { kind: 'session' };
      // Nothing answered, or the server failed: the same key may be sent again safely.
      return { kind: 'unknown', retryable: status === 0 || status >= 500 || status === 429 };
  }
}

/** The message key of a payout failure (the verification and W-9 ones have their own screens). */
export const PAYOUT_FAILURE_MESSAGE = {
  verification: 'errorVerification',
  w9: 'errorW9',
  limit: 'errorLimit',
  insufficientFunds: 'errorInsufficient',
  blocked: 'errorBlocked',
  session: 'errorSession',
  invalid: 'errorInvalid',
  conflict: 'errorConflict',
  unknown: 'errorUnknown',
} as const satisfies Record<PayoutFailure['kind'], string>;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}
