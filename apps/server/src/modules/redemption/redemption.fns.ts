import {
  InvoiceStatus,
  PlayerStatus,
  REDEEM_CURRENCY,
  W9_THRESHOLD_BASE_MINOR,
  type RedeemRefusal,
  type VerificationStep,
} from '@coinfall/shared';
import { toBaseMinor, type CurrencyRate } from '../wallet/wallet.fns.ts';

/**
 * Money out per rolling 24 hours, in base minor units (5,000 USD; one SC is worth one USD, so it
 * is also 5,000 SC). Pending, processing and paid payouts count; rejected and declined do not.
 */
export const DAILY_PAYOUT_LIMIT_BASE_MINOR = 500_000;
export const DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Who decides a payout until a payout provider does: an operator (sandbox endpoint for now). */
export const PAYOUT_PROVIDER = 'manual';

/**
 * How long an approval's claim on a payout keeps another approval out (decision 070): longer
 * than any provider call may take. Past it the approving node is taken to be gone; approving
 * again is safe, the provider's createPayout being idempotent per invoice.
 */
export const PAYOUT_SEND_CLAIM_MS = 2 * 60 * 1000;

/**
 * How long after its claim an approval's payout request may still be accepted by the provider
 * (the request's `notAfter`). A lapsed claim is resolved only when this deadline is well past —
 * the 90 s between them cover clocks apart (nodes, provider) — so a provider that holds no payout
 * then will never hold this one, and the claim may be released.
 */
export const PAYOUT_SEND_DEADLINE_MS = 30 * 1000;

/** The `notAfter` of the payout request an approval claimed at `claimedAt` sends. */
export const payoutDeadline = (claimedAt: Date) =>
  new Date(claimedAt.getTime() + PAYOUT_SEND_DEADLINE_MS);

/**
 * Whether the payout may be with the provider: approved (processing), or claimed by an approval
 * that called the provider and has no answer on record. Then only the provider's answer settles
 * it; a decline or a staff reject would release coins the provider may be paying out.
 */
export const mayBeWithProvider = (row: { status: number; payoutSentAt: Date | null }) =>
  row.status === InvoiceStatus.Processing || row.payoutSentAt !== null;

/** Whether an approval's claim still keeps another approval out. */
export const isClaimFresh = (payoutSentAt: Date | null, nowMs: number) =>
  payoutSentAt !== null && nowMs - payoutSentAt.getTime() < PAYOUT_SEND_CLAIM_MS;

export interface PlayerForRedemption {
  status: number;
  kycVerified: boolean;
  emailConfirmedAt: Date | null;
  phoneConfirmed: boolean;
  segmentIds: number[];
}

/** Spec §4: fully verified needs KYC, a confirmed email and a confirmed phone. */
export function missingVerification(player: PlayerForRedemption): VerificationStep[] {
  const missing: VerificationStep[] = [];
  if (!player.kycVerified) missing.push('kyc');
  if (!player.emailConfirmedAt) missing.push('email');
  if (!player.phoneConfirmed) missing.push('phone');
  return missing;
}

export const isBlocked = (player: PlayerForRedemption) => player.status === PlayerStatus.Blocked;
/** Status Limited (2): plays, but redeems and withdraws nothing (decision 033). */
export const isLimited = (player: PlayerForRedemption) => player.status === PlayerStatus.Limited;

/**
 * A W-9 is needed unless one is on file, when the player is in a w9Required segment, or when
 * this calendar year's payouts (pending or paid) plus this one exceed the IRS threshold.
 */
export function w9Rule(input: {
  received: boolean;
  inRequiredSegment: boolean;
  yearBase: number;
  requestBase: number;
}): { needed: boolean; overThreshold: boolean } {
  const overThreshold = input.yearBase + input.requestBase > W9_THRESHOLD_BASE_MINOR;
  return {
    needed: !input.received && (input.inRequiredSegment || overThreshold),
    overThreshold,
  };
}

/** Every reason `amount` of SC cannot be redeemed now (empty: it can). */
export function redeemRefusals(input: {
  player: PlayerForRedemption;
  /** Whether the player's place allows redemptions now (after any wind-down). */
  allowedHere: boolean;
  w9Needed: boolean;
  amount: number;
  minAmount: number;
  redeemable: number;
  dailyRemaining: number;
}): RedeemRefusal[] {
  const refusals: RedeemRefusal[] = [];
  // One refusal for both: the player may not redeem at all, whatever the amount.
  if (isBlocked(input.player) || isLimited(input.player)) refusals.push('blocked');
  if (!input.allowedHere) refusals.push('not_allowed_here');
  if (missingVerification(input.player).length > 0) refusals.push('verification_required');
  if (input.w9Needed) refusals.push('w9_required');
  if (input.amount < input.minAmount) refusals.push('below_minimum');
  if (input.amount > input.redeemable) refusals.push('above_redeemable');
  if (input.amount > input.dailyRemaining) refusals.push('above_daily_limit');
  return refusals;
}

/** `amount` minor units of `currency` in base minor units, at the rate of `currencies`. */
export function valueInBase(
  amount: number,
  currency: string,
  currencies: readonly ({ code: string } & CurrencyRate)[],
): number {
  const own = currencies.find((c) => c.code === currency);
  if (!own) throw new Error(`no rate for ${currency}`);
  return toBaseMinor(amount, own);
}

export const isRedeemCurrency = (currency: string) => currency === REDEEM_CURRENCY;

/** Start of the UTC calendar year of `at`: W-9 totals are per calendar year. */
export function startOfYear(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), 0, 1));
}
