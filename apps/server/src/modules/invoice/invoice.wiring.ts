import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { createInvoiceHistoryRepo } from './invoice-history.repo.ts';
import { invoiceHistoryRoutes } from './invoice-history.routes.ts';
import { createInvoiceHistoryService } from './invoice-history.service.ts';
import { createInvoiceRepo } from './invoice.repo.ts';
import { createPayerRepo } from './payer.repo.ts';

/**
 * Invoices, the record payments and redemptions both write (docs/decisions/011, 012): the player's
 * invoice history under /api/payment, and the rows and payers the money modules share.
 */
export function wireInvoices(deps: { db: Database; requireAuth: onRequestAsyncHookHandler }) {
  const history = createInvoiceHistoryService({ repo: createInvoiceHistoryRepo(deps.db) });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(invoiceHistoryRoutes(history, deps.requireAuth), { prefix: '/payment' });
  };
  return { routes, invoices: createInvoiceRepo(deps.db), payers: createPayerRepo(deps.db) };
}
