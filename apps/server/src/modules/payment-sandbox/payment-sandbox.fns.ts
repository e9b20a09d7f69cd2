import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '@coinfall/shared';

/** The sandbox provider's name: invoices record it, webhooks arrive at /api/payment/webhooks/sandbox. */
export const SANDBOX_PROVIDER = 'sandbox';
/** Where the sandbox serves its cashier, 3-D Secure page and simulators (its "own origin"). */
export const SANDBOX_BASE_PATH = '/sandbox-cashier';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** Deliveries older (or newer) than this are refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const CASHIER_TOKEN_TTL_SECONDS = 15 * 60;
/** The one-time code the hosted 3-D Secure page accepts. */
export const THREE_DS_CODE = '1234';
/** A player whose email local part ends with this is refused a cashier session (spec §8 13102). */
export const CASHIER_REFUSED_EMAIL_SUFFIX = '+cashier-refused';
/** A player whose email local part ends with this is refused every payout (`payout_refused`). */
export const PAYOUT_REFUSED_EMAIL_SUFFIX = '+payout-refused';

/** The part of the customer's address the sandbox's test rules read. */
export const emailLocalPart = (email: string | null): string => (email ?? '').split('@')[0] ?? '';

/** What a card does when charged. */
export type CardBehaviour =
  | 'three_ds' // 3-D Secure with the code prefilled, then success
  | 'three_ds_typed' // 3-D Secure where the code must be typed; the challenge can be failed
  | 'decline'
  | 'insufficient_funds'
  | 'processing' // accepted, settles later by webhook
  | 'succeed'; // any other valid card: succeeds at once

/** The documented test cards (docs/decisions/011); any other Luhn-valid number just succeeds. */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'three_ds',
  '4000000000003063': 'three_ds_typed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000259': 'processing',
};

export const DECLINE_CODES: Partial<Record<CardBehaviour, string>> = {
  decline: 'card_declined',
  insufficient_funds: 'insufficient_funds',
};

export function cardBehaviour(cardNumber: string): CardBehaviour {
  return TEST_CARDS[cardNumber] ?? 'succeed';
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** A card is usable through the end of its expiry month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  return (
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, as Stripe-style providers sign. */
export function signWebhook(secret: string, rawBody: string, nowSeconds: number): string {
  return `t=${nowSeconds},v1=${hmac(secret, `${nowSeconds}.${rawBody}`).toString('hex')}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/** Null when the header signs this body with our secret within the tolerance. */
export function checkWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
): SignatureProblem | null {
  if (!header) return 'missing';
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isSafeInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return 'malformed';
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  return safeEqual(Buffer.from(v1, 'hex'), hmac(secret, `${t}.${rawBody}`)) ? null : 'mismatch';
}

/** A short-lived customer token: `<base64url {sub, exp}>.<base64url HMAC>`. */
export function signCashierToken(secret: string, customerId: string, expSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ sub: customerId, exp: expSeconds })).toString(
    'base64url',
  );
  return `${body}.${hmac(secret, `cashier.${body}`).toString('base64url')}`;
}

/** The customer id of a genuine, unexpired cashier token; null otherwise. */
export function verifyCashierToken(
  secret: string,
  token: string,
  nowSeconds: number,
): string | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  if (!safeEqual(Buffer.from(mac, 'base64url'), hmac(secret, `cashier.${body}`))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      sub?: unknown;
      exp?: unknown;
    };
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    return claims.exp > nowSeconds ? claims.sub : null;
  } catch {
    return null;
  }
}

/** Confirmations a deposit needs before it counts, and the test network it arrives on. */
export const CRYPTO_NETWORKS: Readonly<
  Record<string, { network: string; confirmationsRequired: number }>
> = {
  BTC: { network: 'bitcoin-testnet', confirmationsRequired: 2 },
  ETH: { network: 'ethereum-sepolia', confirmationsRequired: 3 },
};

/**
 * A stable, real-looking address per invoice (bech32-ish for BTC, hex for ETH). Keyed with the
 * sandbox's secret: only the invoice's owner is told it, and nobody can derive it from the
 * invoice id, so the simulators that act on an address act only for the player it was given to.
 */
export function cryptoAddress(secret: string, currency: string, invoiceId: string): string {
  const digest = hmac(secret, `sandbox-address:${currency}:${invoiceId}`);
  if (currency === 'ETH') return `0x${digest.subarray(0, 20).toString('hex')}`;
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  return `tb1q${[...digest.subarray(0, 32)].map((b) => alphabet[b % 32]).join('')}`;
}

/** Whether a stored deposit's address is the keyed one of its invoice (constant time). */
export function isKeyedAddress(
  secret: string,
  row: { address: string | null; currency: string; invoiceId: string },
): boolean {
  if (!row.address) return false;
  const expected = cryptoAddress(secret, row.currency, row.invoiceId);
  return safeEqual(Buffer.from(row.address), Buffer.from(expected));
}

/**
 * The per-payment secret of a payment's links (`?key=`): the hosted 3-D Secure page and the
 * simulators answer only a request that carries it, like a real hosted payment page's URL.
 */
export function paymentKey(secret: string, ref: string): string {
  return hmac(secret, `sandbox-payment-key:${ref}`).toString('base64url');
}

/**
 * The card's token, the same for the same card (number and expiry), as a provider's card
 * fingerprint is: a card saved twice is found by it. Keyed, so it does not reveal the number.
 */
export function cardToken(
  secret: string,
  card: { cardNumber: string; expiryMonth: number; expiryYear: number },
): string {
  const material = `sandbox-card:${card.cardNumber}:${card.expiryMonth}/${card.expiryYear}`;
  return `tok_${hmac(secret, material).subarray(0, 18).toString('base64url')}`;
}

/** Whether `key` is the payment's own (constant time); a missing key never is. */
export function paymentKeyMatches(secret: string, ref: string, key: string | undefined): boolean {
  if (!key) return false;
  return safeEqual(Buffer.from(key), Buffer.from(paymentKey(secret, ref)));
}

/** Card amounts the sandbox accepts, USD cents. */
export const CARD_MIN = 100;
export const CARD_MAX = 1_000_000;

/** A sandbox id like a provider's: `pay_…`, `pm_…`, `tok_…`. */
export const newSandboxId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url')}`;

/** A saved card as the cashier lists it (the provider's listing and the save answer share it). */
export function toSavedMethod(row: {
  id: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
}): PaymentMethod {
  const brand = row.brand.charAt(0).toUpperCase() + row.brand.slice(1);
  const expiry = `${String(row.expiryMonth).padStart(2, '0')}/${row.expiryYear}`;
  return {
    id: row.id,
    type: 'card',
    name: `${brand} •••• ${row.last4}`,
    currencies: ['USD'],
    minAmount: CARD_MIN,
    maxAmount: CARD_MAX,
    fields: [
      { name: 'brand', value: row.brand },
      { name: 'last4', value: row.last4 },
      { name: 'expiry', value: expiry },
      { name: 'holder', value: row.holderName },
    ],
  };
}
