/**
 * Constants of contracts/payment.ts, repeated so the site's payment code need not load that zod
 * module at run time; the `typeof` annotations make the type check keep the two in step.
 */
import type {
  IDEMPOTENCY_KEY_HEADER as CONTRACT_HEADER,
  PAYMENT_SESSION_REFUSED_CODE as CONTRACT_REFUSED,
  PAYMENT_SESSION_REFUSED_SITE_CODE as CONTRACT_SITE_CODE,
} from '@coinfall/shared/contracts/payment';

export const IDEMPOTENCY_KEY_HEADER: typeof CONTRACT_HEADER = 'idempotency-key';
/** Spec §8: the provider's cashier-session refusal, shown to the player as site code 11002. */
export const PAYMENT_SESSION_REFUSED_CODE: typeof CONTRACT_REFUSED = 13102;
export const PAYMENT_SESSION_REFUSED_SITE_CODE: typeof CONTRACT_SITE_CODE = 11002;

/** A fresh key for a new intent (8–128 URL-safe characters, as the contract asks). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
