import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  bundleListSchema,
  bundlePurchaseSchema,
  invoiceSchema,
  paymentMethodListSchema,
  walletAccountListSchema,
  type Bundle,
  type BundlePurchase,
  type Invoice,
  WELCOME_COINS,
} from '@coinfall/shared';
import {
  signWebhook,
  SIGNATURE_HEADER,
} from '../../src/modules/payment-sandbox/payment-sandbox.fns.ts';
import type { WebhookEvent } from '../../src/modules/payment/payment-provider.ts';
import { bearer, register } from '../player/player-fixtures.ts';
import type { TestApp } from '../test-app.ts';

export const CARDS = {
  threeDs: '4242424242424242',
  threeDsTyped: '4000000000003063',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
  processing: '4000000000000259',
  /** Any other valid card succeeds at once, without 3-D Secure. */
  instant: '5555555555554444',
} as const;

export const newKey = () => `key-${randomUUID()}`;

export async function payingPlayer(t: TestApp, overrides: Record<string, unknown> = {}) {
  const session = await register(t, overrides);
  return { token: session.accessToken, playerId: session.profile.id, email: session.email };
}

export function post(
  t: TestApp,
  url: string,
  token: string | null,
  payload: object,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

export function get(t: TestApp, url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

export async function bundles(t: TestApp): Promise<Bundle[]> {
  const res = await get(t, '/api/shop/bundles?active=1&perPage=1000');
  expect(res.statusCode, res.body).toBe(200);
  return bundleListSchema.parse(res.json()).data;
}

export async function bundleByIdentity(t: TestApp, identity: string): Promise<Bundle> {
  const found = (await bundles(t)).find((b) => b.identity === identity);
  if (!found) throw new Error(`no bundle ${identity}`);
  return found;
}

export async function saveCard(t: TestApp, token: string, cardNumber: string): Promise<string> {
  const methods = await get(t, '/api/payment/methods/purchase', token);
  expect(methods.statusCode, methods.body).toBe(200);
  const { cashier } = paymentMethodListSchema.parse(methods.json());
  const res = await t.app.inject({
    method: 'POST',
    url: `${new URL(cashier.baseUrl).pathname}/DirectCashier/PaymentMethod`,
    payload: {
      action: 'save',
      token: cashier.token,
      cardNumber,
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 2,
      cvv: '123',
      holderName: 'Test Holder',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ methodId: string }>().methodId;
}

export async function startPurchase(
  t: TestApp,
  token: string,
  identity = 'starter',
): Promise<BundlePurchase> {
  const bundle = await bundleByIdentity(t, identity);
  const res = await post(t, '/api/shop/purchases', token, { bundleId: bundle.id });
  expect(res.statusCode, res.body).toBe(200);
  return bundlePurchaseSchema.parse(res.json());
}

export function payPurchase(
  t: TestApp,
  token: string,
  purchaseId: string,
  paymentMethodId: string,
  key = newKey(),
) {
  return post(t, '/api/payment/invoices/purchase', token, { purchaseId, paymentMethodId }, key);
}

export const invoiceOf = (res: LightMyRequestResponse): Invoice => {
  expect(res.statusCode, res.body).toBe(200);
  return invoiceSchema.parse(res.json());
};

/** Answers the hosted 3-D Secure page as a browser does: load it, then submit the form. */
export async function answerThreeDs(
  t: TestApp,
  redirectUrl: string,
  form: { decision: 'approve' | 'fail'; code?: string },
  dest: 'document' | 'iframe' = 'document',
) {
  return (await openThreeDs(t, redirectUrl))(form, dest);
}

/**
 * Loads the hosted 3-D Secure page and answers a function that submits its form — later, as a
 * player whose tab stayed open does (after a cancel, say).
 */
export async function openThreeDs(t: TestApp, redirectUrl: string) {
  const url = new URL(redirectUrl);
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode, page.body).toBe(200);
  const prefilled = /value="(\d+)"/.exec(page.body)?.[1] ?? '';
  // Posted where the page's form posts, as a browser would (the payment's key included).
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  expect(action, 'the challenge form').toBeDefined();
  return (
    form: { decision: 'approve' | 'fail'; code?: string },
    dest: 'document' | 'iframe' = 'document',
  ) =>
    t.app.inject({
      method: 'POST',
      url: (action ?? '').replaceAll('&amp;', '&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': dest },
      payload: new URLSearchParams({
        decision: form.decision,
        code: form.code ?? prefilled,
      }).toString(),
    });
}

/** A new player's cash balances: the welcome coins (decision 024) plus `coins`. */
export function withWelcome(coins: Record<string, number> = {}): Record<string, number> {
  const held: Record<string, number> = { ...WELCOME_COINS };
  for (const [currency, amount] of Object.entries(coins)) {
    held[currency] = (held[currency] ?? 0) + amount;
  }
  return held;
}

export async function balances(t: TestApp, token: string): Promise<Record<string, number>> {
  const res = await get(t, '/api/wallet/accounts', token);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    walletAccountListSchema.parse(res.json()).data.map((a) => [a.currency, a.balance]),
  );
}

/** Delivers an event signed as the sandbox signs (or with another secret / time). */
export function deliverWebhook(
  t: TestApp,
  event: WebhookEvent,
  options: { secret?: string; atSeconds?: number; rawBody?: string } = {},
) {
  const rawBody = options.rawBody ?? JSON.stringify(event);
  const secret = options.secret ?? t.config.paymentSandbox?.webhookSecret ?? '';
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(
        secret,
        rawBody,
        options.atSeconds ?? Math.floor(Date.now() / 1000),
      ),
    },
    payload: rawBody,
  });
}
