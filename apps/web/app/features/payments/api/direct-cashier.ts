import type {
  DirectCashierPaymentMethodBody,
  PaymentMethod,
} from '@coinfall/shared/contracts/payment';

/** What the provider answers to a save (contracts/payment.ts directCashierPaymentMethodResultSchema). */
export interface SavedMethodResult {
  methodId: string;
  fields: PaymentMethod['fields'];
}

export class CashierError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`The payment provider answered ${status}`);
    this.name = 'CashierError';
  }
}

/**
 * POST {cashier.baseUrl}/DirectCashier/PaymentMethod (spec §7): saving or removing a card goes
 * straight to the provider with the cashier token, so card data never passes through our API.
 * No bearer token and no cookies: the provider knows the player by the cashier token only.
 */
export async function postDirectCashier(
  baseUrl: string,
  body: DirectCashierPaymentMethodBody,
): Promise<SavedMethodResult | undefined> {
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/DirectCashier/PaymentMethod`, {
    method: 'POST',
    credentials: 'omit',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new CashierError(response.status, answer);
  return body.action === 'save' ? (answer as SavedMethodResult) : undefined;
}
