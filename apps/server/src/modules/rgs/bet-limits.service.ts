import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { limitWindowStart } from '../payment/payment.fns.ts';
import { settleLimit } from '../player/limits.fns.ts';
import type { LimitsRepo } from '../player/limits.repo.ts';
import type { WalletRepo } from '../wallet/wallet.repo.ts';
import { fitsBetLimit, limitValuer, type BetLimit } from './bet-limits.fns.ts';
import type { RoundsRepo } from './rounds.repo.ts';

/**
 * Wager and loss limits at bet time (R1). Call holding the player's row lock: every stake of a
 * player queues there, so usage cannot change between the check and the bet.
 */
export function createBetLimits(deps: {
  limits: Pick<LimitsRepo, 'listByPlayer'>;
  rounds: Pick<RoundsRepo, 'usageSince'>;
  /** The currency rates a cash limit values Sweeps Coins at. */
  currencies: Pick<WalletRepo, 'listCurrencies'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async enforce(tx: Database, playerId: string, currency: string, stake: number): Promise<void> {
      const at = now();
      const limits: BetLimit[] = [];
      for (const stored of await deps.limits.listByPlayer(playerId, tx)) {
        const limit = settleLimit(stored, at);
        if (limit && (limit.type === 'wager' || limit.type === 'loss')) {
          limits.push({ ...limit, type: limit.type });
        }
      }
      if (limits.length === 0) return;
      const rates = await deps.currencies.listCurrencies(tx);
      for (const limit of limits) {
        const valuer = limitValuer(limit, currency, rates);
        if (!valuer) continue;
        const usage = await deps.rounds.usageSince(
          tx,
          playerId,
          currency,
          limitWindowStart(limit.period, at),
        );
        if (!fitsBetLimit(limit, usage, stake, valuer)) {
          throw new AppError(
            'LIMIT_EXCEEDED',
            `This bet would go over your ${limit.period} ${limit.type} limit`,
            { limitId: limit.id, type: limit.type, period: limit.period, currency: limit.currency },
          );
        }
      }
    },
  };
}
export type BetLimits = ReturnType<typeof createBetLimits>;
