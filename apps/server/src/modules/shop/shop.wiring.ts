import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { PayerRepo } from '../invoice/payer.repo.ts';
import { createShopRepo } from './shop.repo.ts';
import { shopRoutes } from './shop.routes.ts';
import { createShopService } from './shop.service.ts';

/** The shop (spec §7 Shop) under /api/shop, and its purchases for payment to settle. */
export function wireShop(deps: {
  db: Database;
  requireAuth: onRequestAsyncHookHandler;
  idempotency: Idempotency;
  outbox: OutboxRecorder;
  payers: Pick<PayerRepo, 'lock'>;
  now?: () => Date;
}) {
  const purchases = createShopRepo(deps.db);
  const shop = createShopService({
    repo: purchases,
    payers: deps.payers,
    outbox: deps.outbox,
    now: deps.now,
  });
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(shopRoutes(shop, deps.idempotency, deps.requireAuth), { prefix: '/shop' });
  };
  return { routes, purchases };
}
