import { cancelInvoice } from './use-cases/cancel-invoice.ts';
import { createDepositInvoice } from './use-cases/create-deposit-invoice.ts';
import { createPurchaseInvoice } from './use-cases/create-purchase-invoice.ts';
import { listPurchaseMethods } from './use-cases/list-purchase-methods.ts';
import { createPaymentSteps, type PaymentDeps } from './use-cases/payment-steps.ts';

export type { PaymentDeps } from './use-cases/payment-steps.ts';

/**
 * Purchase and deposit invoices (spec §7 Payment), one use-case per file under use-cases/. An
 * invoice is written first (under the player's lock, where the purchase limit is checked), the
 * provider is called with no database transaction open, and its answer is applied through the
 * one settlement path.
 */
export function createPaymentService(deps: PaymentDeps) {
  const steps = createPaymentSteps(deps);
  return {
    listPurchaseMethods: listPurchaseMethods(deps, steps),
    createPurchaseInvoice: createPurchaseInvoice(deps, steps),
    createDepositInvoice: createDepositInvoice(deps, steps),
    cancelInvoice: cancelInvoice(deps, steps),
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
