import {
  PurchaseStatus,
  type BundleList,
  type BundleListQuery,
  type BundlePurchase,
  type BundlePurchaseList,
  type CreatePurchaseBody,
  type PurchaseListQuery,
} from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import { assertMayPay } from '../invoice/payer.fns.ts';
import type { PayerRepo } from '../invoice/payer.repo.ts';
import { pageMeta } from '../player/player.fns.ts';
import { isOnSale, isSameOffer, toBundle, toBundlePurchase } from './shop.fns.ts';
import type { ShopRepo } from './shop.repo.ts';

/** Spec §7 Shop: bundles on sale and the player's bundle purchases. */
export function createShopService(deps: {
  repo: ShopRepo;
  payers: Pick<PayerRepo, 'lock'>;
  outbox: OutboxRecorder;
  now?: () => Date;
}) {
  const { repo, payers, outbox } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async listBundles(query: BundleListQuery): Promise<BundleList> {
      const at = now();
      const { rows, total } = await repo.listBundles({
        active: query.active === undefined ? undefined : query.active === '1',
        now: at,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return {
        data: rows.map((row) => toBundle(row, at)),
        meta: pageMeta(query.page, query.perPage, total),
      };
    },

    async listPurchases(actor: Actor, query: PurchaseListQuery): Promise<BundlePurchaseList> {
      const { rows, total } = await repo.listPurchases(actor.playerId, {
        statuses: query.status,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { data: rows.map(toBundlePurchase), meta: pageMeta(query.page, query.perPage, total) };
    },

    /** Opens a purchase at today's price (status 1); paying it is a purchase invoice. */
    createPurchase: (actor: Actor, body: CreatePurchaseBody): Promise<BundlePurchase> =>
      repo.db.transaction(async (tx) => {
        assertMayPay(await payers.lock(tx, actor.playerId));
        const bundle = await repo.findBundle(tx, body.bundleId);
        const at = now();
        if (!bundle || !isOnSale(bundle, at))
          throw AppError.invalid('body.bundleId', 'No such bundle on sale');
        const offer = toBundle(bundle, at);
        if (body.expected && !isSameOffer(body.expected, offer)) {
          throw new AppError(
            'OFFER_CHANGED',
            'This bundle’s offer changed since it was shown: check the new price and coins, then buy again',
            { bundle: offer },
          );
        }
        const row = await repo.insertPurchase(tx, {
          playerId: actor.playerId,
          bundleId: bundle.id,
          bundleIdentity: bundle.identity,
          status: PurchaseStatus.InProgress,
          amount: bundle.priceAmount,
          currency: bundle.priceCurrency,
          goldCoins: bundle.goldCoins,
          sweepsCoins: bundle.sweepsCoins,
        });
        const purchase = toBundlePurchase(row);
        await outbox.record(tx, {
          type: 'bundle.purchase.updated',
          playerId: actor.playerId,
          payload: { purchase, playerId: actor.playerId },
        });
        return purchase;
      }),
  };
}
export type ShopService = ReturnType<typeof createShopService>;
