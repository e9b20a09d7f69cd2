import { REDEEM_CURRENCY, type QuestReward } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import type { WalletService } from '../wallet/wallet.service.ts';

/**
 * Issues the named bonus-engine definition (a bonus, free spins, or both) once per `source`
 * (the bonus engine's own rule): a second call with the same source issues nothing. False when
 * the definition is missing, disabled or capped.
 */
export type GrantBonus = (
  tx: Database,
  input: { playerId: string; slug: string; source: string },
) => Promise<boolean>;

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
  /**
   * Whether Sweeps Coins may reach the player now (the jurisdiction rules, decision 052): a coins
   * reward in SC is withheld where they may not; a bonus reward asks through `grantBonus`.
   */
  sweepsPlayAllowed?: (tx: Database, playerId: string) => Promise<boolean>;
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
          // A refusal throws, so the award is retried (and the quest stays completed), not lost.
          if (!(await deps.grantBonus(tx, { playerId, slug: reward.bonusSlug, source }))) {
            throw new AppError('CONFLICT', `Bonus ${reward.bonusSlug} is not available to grant`);
          }
          return;
        case 'points':
          await deps.awardLoyaltyPoints(tx, playerId, reward.points, source);
          return;
        case 'coins': {
          // Withheld for good: the quest is still awarded, so it is never paid later (052).
          if (
            reward.currency === REDEEM_CURRENCY &&
            deps.sweepsPlayAllowed &&
            !(await deps.sweepsPlayAllowed(tx, playerId))
          ) {
            return;
          }
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
