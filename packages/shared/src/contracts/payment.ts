import { z } from 'zod';
import { InvoiceStatus, InvoiceType } from '../constants.ts';
import { numberListQuery, pagedListSchema } from './player.ts';

/**
 * Every money-moving POST carries an `Idempotency-Key` header (8–128 URL-safe characters). A
 * retry with the same key and body answers the first result byte for byte; the same key with
 * another body is a 409 CONFLICT.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,128}$/, '8–128 characters: letters, digits, . _ : -'),
});

/** Spec §8: the purchase-methods failure the site maps to its own error code 11002. */
export const PAYMENT_SESSION_REFUSED_CODE = 13102;
export const PAYMENT_SESSION_REFUSED_SITE_CODE = 11002;

const currencyCode = z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/, 'An upper-case currency code');
const positiveMinor = z
  .number()
  .int()
  .positive()
  .max(1_000_000_000_000)
  .describe('Integer amount in minor units of the currency');

export const PAYMENT_METHOD_TYPES = ['card', 'crypto', 'bank'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/**
 * A way to pay or be paid (spec §3 "Payment method"). Methods with at least one field are saved
 * methods (a stored card: brand, last4, expiry); a method without fields is a way to add one.
 */
export const paymentMethodSchema = z.object({
  id: z.string().describe('"card" / "crypto:BTC" / "bank" for new methods; the saved method id'),
  type: z.enum(PAYMENT_METHOD_TYPES),
  name: z.string(),
  currencies: z.array(z.string()).describe('Currencies this method can move'),
  minAmount: z.number().int().describe('Minor units of the invoice currency'),
  maxAmount: z.number().int(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Where the site saves or removes a card: POST {baseUrl}/DirectCashier/PaymentMethod (spec §7). */
export const cashierSessionSchema = z.object({
  baseUrl: z.string().describe('The payment provider’s own base (a separate origin in production)'),
  token: z.string().describe('Short-lived customer token the provider accepts for this player'),
  expiresAt: z.iso.datetime(),
});
export type CashierSession = z.infer<typeof cashierSessionSchema>;

export const paymentMethodListSchema = z.object({
  data: z.array(paymentMethodSchema),
  cashier: cashierSessionSchema,
});
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

/** The body the site posts to the provider’s /DirectCashier/PaymentMethod. */
export const directCashierPaymentMethodBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('save'),
    token: z.string(),
    cardNumber: z.string().regex(/^\d{12,19}$/, 'Digits only'),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(2000).max(2100),
    cvv: z.string().regex(/^\d{3,4}$/),
    holderName: z.string().trim().min(2).max(100),
  }),
  z.object({ action: z.literal('remove'), token: z.string(), methodId: z.string().min(1) }),
]);
export type DirectCashierPaymentMethodBody = z.infer<typeof directCashierPaymentMethodBodySchema>;

/** What the provider answers to a save: the new saved method as GET methods will list it. */
export const directCashierPaymentMethodResultSchema = z.object({
  methodId: z.string(),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});

const invoiceStatusSchema = z
  .number()
  .int()
  .describe('2 success, 3 rejected, 4 processing, anything else (1) pending — spec §4');
const invoiceTypeSchema = z
  .union([
    z.literal(InvoiceType.Deposit),
    z.literal(InvoiceType.Withdrawal),
    z.literal(InvoiceType.Purchase),
    z.literal(InvoiceType.VirtualPayout),
  ])
  .describe('1 deposit, 2 withdrawal, 3 purchase, 4 virtual payout (Sweeps Coins redemption)');

/** The next thing the player must do for a pending invoice. */
export const invoiceNextActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('redirect'),
    url: z.string().describe('The provider’s hosted step (3-D Secure); framable by the site'),
  }),
  z.object({
    type: z.literal('crypto_address'),
    address: z.string(),
    network: z.string(),
    confirmationsRequired: z.number().int().positive(),
    confirmations: z.number().int().nonnegative(),
  }),
]);
export type InvoiceNextAction = z.infer<typeof invoiceNextActionSchema>;

/** Spec §3 "Invoice". */
export const invoiceSchema = z.object({
  id: z.uuid(),
  type: invoiceTypeSchema,
  status: invoiceStatusSchema,
  amount: z.number().int().describe('Minor units of currency'),
  currency: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable().describe('When it reached success or rejected'),
  paymentMethod: z
    .object({ id: z.string(), type: z.enum(PAYMENT_METHOD_TYPES), name: z.string() })
    .nullable(),
  purchaseId: z.uuid().nullable(),
  failureCode: z.string().nullable().describe('Provider decline or rejection reason'),
  nextAction: invoiceNextActionSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const createPurchaseInvoiceBodySchema = z.object({
  purchaseId: z.uuid(),
  paymentMethodId: z.string().min(1).max(100),
});
export type CreatePurchaseInvoiceBody = z.infer<typeof createPurchaseInvoiceBodySchema>;

export const createDepositInvoiceBodySchema = z.object({
  amount: positiveMinor,
  currency: currencyCode,
  paymentMethodId: z.string().min(1).max(100),
});
export type CreateDepositInvoiceBody = z.infer<typeof createDepositInvoiceBodySchema>;

/** Sweeps Coins redemption (currency SC) or a fiat/crypto withdrawal: funds are held at once. */
export const createVirtualPayoutBodySchema = z.object({
  amount: positiveMinor,
  currency: currencyCode,
  paymentMethodId: z.string().min(1).max(100),
  /**
   * A Sweeps Coins redemption while SC bonuses are issued or active is refused (409,
   * details.activeBonuses) unless this is true: then those bonuses are canceled, forfeited.
   */
  forfeitBonuses: z.boolean().optional(),
});
export type CreateVirtualPayoutBody = z.infer<typeof createVirtualPayoutBodySchema>;

export const invoiceListQuerySchema = z.object({
  type: numberListQuery(Object.values(InvoiceType), 'invoice type'),
  status: numberListQuery(Object.values(InvoiceStatus), 'invoice status'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
export const invoiceListSchema = pagedListSchema(invoiceSchema);
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceIdParamsSchema = z.object({ id: z.uuid() });

const baseAmount = z.string().regex(/^\d+\.\d{2}$/, 'Base-currency units, 2 decimals');

/** One kind of money movement in spec §3 "Statistics" (successful invoices only). */
export const invoiceKindStatisticsSchema = z.object({
  count: z.number().int(),
  sums: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  sumBase: baseAmount,
  last: z
    .object({
      amount: z.number().int(),
      currency: z.string(),
      amountBase: baseAmount,
      processedAt: z.iso.datetime(),
    })
    .nullable(),
});
export const invoiceStatisticsSchema = z.object({
  currency: z.string().describe('The base currency every *Base figure is in'),
  deposits: invoiceKindStatisticsSchema,
  withdrawals: invoiceKindStatisticsSchema,
  purchases: invoiceKindStatisticsSchema,
  virtualPayouts: invoiceKindStatisticsSchema,
});
export type InvoiceStatistics = z.infer<typeof invoiceStatisticsSchema>;

/** Payload of invoice.deposit.updated / invoice.withdrawal.updated (payment invoices channel). */
export const invoiceUpdatedEventSchema = z.object({ invoice: invoiceSchema, playerId: z.uuid() });
export type InvoiceUpdatedEvent = z.infer<typeof invoiceUpdatedEventSchema>;
