import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceList } from '@coinfall/shared/contracts/payment';
import type { BundlePurchaseList } from '@coinfall/shared/contracts/shop';
import { playerQueryClient } from '../../player/player-queries';
import { apiClient } from '../../session/session';
import { invoiceFromPurchase } from '../invoice-watch.fns';

/** How many of the latest invoices are searched for one id (the API has no by-id read). */
const INVOICE_LOOKUP_PAGE = 100;

export class InvoiceNotFoundError extends Error {
  constructor(readonly invoiceId: string) {
    super(`Invoice ${invoiceId} is not among the player's latest invoices`);
  }
}

/**
 * One invoice of the player, read from GET /api/payment/invoices (newest first): the contract
 * has no GET /api/payment/invoices/{id}, so the latest page of that type is searched.
 */
export async function fetchInvoice(id: string, type?: number): Promise<Invoice> {
  const list = await apiClient().get<InvoiceList>('/api/payment/invoices', {
    query: { type, perPage: INVOICE_LOOKUP_PAGE },
    skipGlobalHandler: true,
  });
  const invoice = list.data.find((item) => item.id === id);
  if (!invoice) throw new InvoiceNotFoundError(id);
  return invoice;
}

export const invoiceQuery = (id: string, type?: number) =>
  queryOptions({
    queryKey: ['payment', 'invoice', id] as const,
    queryFn: () => fetchInvoice(id, type),
    staleTime: 0,
  });

/** The invoice `id` (undefined: nothing to read), read once; the watch hook polls it. */
export function useInvoice(id: string | undefined, type?: number) {
  return useQuery(
    { ...invoiceQuery(id ?? '', type), enabled: id !== undefined },
    playerQueryClient,
  );
}

/**
 * The invoice as it stands now. A purchase invoice that cannot be read from the invoice list is
 * followed through its purchase (GET /api/shop/purchases): spec §4 ends the purchase flow when
 * the purchase leaves status 1.
 */
export async function readInvoice(invoice: Invoice): Promise<Invoice> {
  try {
    return await fetchInvoice(invoice.id, invoice.type);
  } catch (error) {
    if (!invoice.purchaseId) throw error;
    const purchases = await apiClient().get<BundlePurchaseList>('/api/shop/purchases', {
      query: { perPage: INVOICE_LOOKUP_PAGE },
      skipGlobalHandler: true,
    });
    const purchase = purchases.data.find((item) => item.id === invoice.purchaseId);
    if (!purchase) throw error;
    return invoiceFromPurchase(invoice, purchase);
  }
}
