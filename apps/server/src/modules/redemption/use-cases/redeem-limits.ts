import {
  REDEEM_CURRENCY,
  REDEEM_MIN_AMOUNT,
  type RedeemLimits,
  type RedeemLimitsQuery,
} from '@coinfall/shared';
import type { Actor } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { DAILY_PAYOUT_LIMIT_BASE_MINOR, redeemRefusals } from '../redemption.fns.ts';
import type { RedemptionDeps, RedemptionSteps } from './redemption-steps.ts';

/** GET /api/redeem-limits: whether `amount` SC may be redeemed now; changes nothing. */
export const redeemLimits =
  (
    deps: Pick<RedemptionDeps, 'repo' | 'playthrough' | 'allowsRedemptions'>,
    steps: Pick<RedemptionSteps, 'assess'>,
  ) =>
  (actor: Actor, query: RedeemLimitsQuery): Promise<RedeemLimits> =>
    deps.repo.db.transaction(async (tx) => {
      if (query.userId !== actor.playerId) {
        throw new AppError('FORBIDDEN', 'Only your own redemption limits can be read');
      }
      const a = await steps.assess(tx, actor.playerId, query.amount, REDEEM_CURRENCY);
      const { redeemable } = await deps.playthrough.standing(tx, actor.playerId);
      const refusals = redeemRefusals({
        player: a.player,
        allowedHere: (await deps.allowsRedemptions?.(tx, actor.playerId)) ?? true,
        w9Needed: a.w9.needed,
        amount: query.amount,
        minAmount: REDEEM_MIN_AMOUNT,
        redeemable,
        dailyRemaining: a.dailyRemaining,
      });
      return {
        currency: REDEEM_CURRENCY,
        amount: query.amount,
        minAmount: REDEEM_MIN_AMOUNT,
        maxAmount: Math.min(redeemable, a.dailyRemaining),
        dailyLimit: DAILY_PAYOUT_LIMIT_BASE_MINOR,
        dailyRemaining: a.dailyRemaining,
        w9Required: a.w9.inRequiredSegment || a.w9.overThreshold,
        w9Received: a.w9.received,
        allowed: refusals.length === 0,
        refusals,
      };
    });
