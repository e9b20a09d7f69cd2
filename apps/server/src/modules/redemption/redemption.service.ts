import { approvePayout, resolveLapsedClaim } from './use-cases/approve-payout.ts';
import { createPayout } from './use-cases/create-payout.ts';
import { declinePayout } from './use-cases/decline-payout.ts';
import { redeemLimits } from './use-cases/redeem-limits.ts';
import { createRedemptionSteps, type RedemptionDeps } from './use-cases/redemption-steps.ts';
import { settlePayout } from './use-cases/settle-payout.ts';

export type {
  PayoutChangeHook,
  PayoutOutcome,
  RedemptionDeps,
} from './use-cases/redemption-steps.ts';

/**
 * Sweeps Coins redemptions and fiat/crypto withdrawals (docs/decisions/012), one use-case per
 * file under use-cases/: checked and held under the player's row lock, then declined by the
 * player or settled by whoever pays them out.
 */
export function createRedemptionService(deps: RedemptionDeps) {
  const steps = createRedemptionSteps(deps);
  return {
    createPayout: createPayout(deps, steps),
    decline: declinePayout(deps, steps),
    settlePayout: settlePayout(deps, steps),
    approvePayout: approvePayout(deps, steps),
    resolveLapsedClaim: resolveLapsedClaim(deps, steps),
    limits: redeemLimits(deps, steps),
  };
}
export type RedemptionService = ReturnType<typeof createRedemptionService>;
