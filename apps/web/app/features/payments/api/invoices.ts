import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceList } from '@coinfall/shared/contracts/payment';
import { playerQueryClient } from '../../player/player-queries';
import { apiClient } from '../../session/session';

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
