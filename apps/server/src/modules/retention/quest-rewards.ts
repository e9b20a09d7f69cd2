import { REDEEM_CURRENCY, type QuestReward } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import type { WalletService } from '../wallet/wallet.service.ts';

/**
 * Issues the named bonus-engine definition (a bonus, free spins, or both) once per `source`
 * (the bonus engine's own rule): a second call with the same source issues nothing.
 */
export type GrantBonus = (
  tx: Database,
  playerId: string,
  bonusSlug: string,
  source: string,
) => Promise<void>;

/**
 * Adds loyalty points once per `sourceKey` (the loyalty module's capability, wired at the root).
 */
export type AwardLoyaltyPoints = (
  tx: Database,
  playerId: string,
  points: number,
  sourceKey: string,
) => Promise<void>;

export interface QuestRewardDeps {
  grantBonus: GrantBonus;
  awardLoyaltyPoints: AwardLoyaltyPoints;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  /** Sweeps Coins paid as cash are played through 1× before they are redeemable. */
  credits: Pick<SweepsCreditsRepo, 'record'>;
}

/**
 * Pays a quest's (or chain's) reward. `source` names what pays (`quest:<player quest id>`): every
 * path below is keyed by it, so even a second call pays nothing twice. The caller holds the
 * player's row lock (decision 010) and the quest row's.
 */
export function createQuestRewards(deps: QuestRewardDeps) {
  return {
    async pay(tx: Database, playerId: string, reward: QuestReward, source: string): Promise<void> {
      switch (reward.kind) {
        case 'bonus':
        case 'freespins':
          await deps.grantBonus(tx, playerId, reward.bonusSlug, source);
          return;
        case 'points':
          await deps.awardLoyaltyPoints(tx, playerId, reward.points, source);
          return;
        case 'coins': {
          const cash = await deps.wallet.accountIn(tx, playerId, reward.currency);
          const { transaction, replayed } = await deps.ledger.post(tx, {
            idempotencyKey: `${source}:coins`,
            kind: 'quest.reward',
            playerId,
            entries: [
              {
                account: { house: 'promotions' },
                currency: reward.currency,
                amount: -reward.amount,
              },
              { account: { accountId: cash }, currency: reward.currency, amount: reward.amount },
            ],
            metadata: { source },
          });
          if (!replayed && reward.currency === REDEEM_CURRENCY) {
            await deps.credits.record(tx, {
              playerId,
              source: 'promotion',
              amount: reward.amount,
              ledgerTransactionId: transaction.transactionId,
            });
          }
        }
      }
    },
  };
}
export type QuestRewards = ReturnType<typeof createQuestRewards>;
