import type { Invoice, InvoiceList, InvoiceListQuery, InvoiceStatistics } from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { toInvoiceStatistics } from './invoice-history.fns.ts';
import type { InvoiceHistoryRepo } from './invoice-history.repo.ts';
import { toInvoice } from './invoice.fns.ts';

/** The player's own invoices (spec §7 GET /api/payment/invoices, …/{id} and …/statistics). */
export function createInvoiceHistoryService(deps: { repo: InvoiceHistoryRepo }) {
  const { repo } = deps;
  return {
    /** Another player's invoice is as unknown as a missing one: 404 either way, nothing leaks. */
    async get(actor: Actor, id: string): Promise<Invoice> {
      const row = await repo.byId(actor.playerId, id);
      if (!row) throw AppError.notFound('Invoice');
      return toInvoice(row);
    },

    async list(actor: Actor, query: InvoiceListQuery): Promise<InvoiceList> {
      const { rows, total } = await repo.page(
        { playerId: actor.playerId, types: query.type, statuses: query.status },
        { limit: query.perPage, offset: (query.page - 1) * query.perPage },
      );
      return {
        data: rows.map(toInvoice),
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalPages: Math.ceil(total / query.perPage),
          totalRows: total,
        },
      };
    },

    async statistics(actor: Actor): Promise<InvoiceStatistics> {
      const [base, sums, last] = await Promise.all([
        repo.baseCurrency(),
        repo.sums(actor.playerId),
        repo.lastPerType(actor.playerId),
      ]);
      return toInvoiceStatistics(base, sums, last);
    },
  };
}
export type InvoiceHistoryService = ReturnType<typeof createInvoiceHistoryService>;
