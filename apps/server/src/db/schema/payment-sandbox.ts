import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The sandbox payment provider's own books (modules/payment-sandbox). They stand for a
 * provider's database: nothing outside the sandbox reads them, and they hold no foreign keys
 * into ours — a customer is our player id as the provider would store it.
 */

/** Saved cards: a token and display fields only — never the number or the CVV. */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    cardToken: text('card_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    holderName: text('holder_name').notNull(),
    /** What the test card does when charged (see payment-sandbox.fns.ts TEST_CARDS). */
    behaviour: text('behaviour').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [index('sandbox_payment_methods_customer_idx').on(t.customerId)],
);

/** Card payments, crypto deposits and payouts; `sequence` numbers the webhook events of each one. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    ref: text('ref').primaryKey(),
    kind: text('kind').$type<'card' | 'crypto' | 'payout'>().notNull(),
    invoiceId: text('invoice_id').notNull(),
    customerId: text('customer_id').notNull(),
    methodId: text('method_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status')
      .$type<
        | 'requires_action'
        | 'awaiting_transfer'
        | 'processing'
        | 'succeeded'
        | 'declined'
        | 'canceled'
        // A succeeded card payment given back in full (decision 046).
        | 'refunded'
      >()
      .notNull(),
    /** Declined: the decline code. Canceled: the cancellation reason (requested_by_customer…). */
    declineCode: text('decline_code'),
    /** 3-D Secure: the code the hosted page asks for is prefilled when the card is frictionless. */
    challenge: text('challenge').$type<'prefilled' | 'typed'>(),
    returnUrl: text('return_url'),
    address: text('address'),
    network: text('network'),
    confirmations: integer('confirmations').notNull().default(0),
    confirmationsRequired: integer('confirmations_required'),
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payments_address_key').on(t.address),
    check('sandbox_payments_kind_check', sql`${t.kind} in ('card', 'crypto', 'payout')`),
  ],
);
