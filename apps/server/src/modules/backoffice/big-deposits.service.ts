import type { AdminBigDeposit, AdminBigDepositList, AdminBigDepositQuery } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { BIG_DEPOSIT_THRESHOLD_BASE } from '../payment/payment.fns.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { BigDepositsRepo } from './big-deposits.repo.ts';

/**
 * Big-deposit alerts for finance (decision 043): the ones the payment module raised (24 h total
 * at or above its threshold, spec §9), newest first; `minTotal` narrows to larger totals.
 */
export function createBigDepositsService(deps: { db: Database; repo: BigDepositsRepo }) {
  return {
    async list(query: AdminBigDepositQuery): Promise<AdminBigDepositList> {
      const { rows, total, baseCurrency } = await deps.repo.list(deps.db, query);
      return {
        data: rows.map((r) => ({
          ...r,
          delivery: r.delivery as AdminBigDeposit['delivery'],
          createdAt: r.createdAt.toISOString(),
        })),
        meta: pageMeta(query.page, query.perPage, total),
        thresholdBase: BIG_DEPOSIT_THRESHOLD_BASE,
        baseCurrency,
      };
    },
  };
}
export type BigDepositsService = ReturnType<typeof createBigDepositsService>;
