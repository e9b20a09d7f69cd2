import type { Database } from '../../db/client.ts';
import type { CompletedPurchase } from '../payment/settlement.service.ts';
import type { BonusCodesService } from './bonus-codes.service.ts';
import type { BonusEligibilityCheck } from './bonus-eligibility.ts';
import type { BonusLifecycle } from './bonus-lifecycle.service.ts';
import type { BonusDefinitionRow, BonusRepo } from './bonus.repo.ts';

/** A match's source: once per player, once per UTC day, or once per purchase. */
function matchSource(def: BonusDefinitionRow, purchase: CompletedPurchase, now: Date): string {
  switch (def.eligibility.oncePer) {
    case 'player':
      return 'purchase';
    case 'day':
      return `purchase:${now.toISOString().slice(0, 10)}`;
    case undefined:
      return `purchase:${purchase.purchaseId}`;
  }
}

/**
 * What a purchase's success gives (issue 14): the pending purchase codes apply, and every match
 * campaign the player is eligible for matches the coins credited. Runs in the settlement's
 * transaction, which holds the player's lock: a rollback there takes the bonuses back too.
 */
export function createPurchaseBonus(deps: {
  repo: Pick<BonusRepo, 'listEnabledDefinitions'>;
  codes: Pick<BonusCodesService, 'applyPending'>;
  lifecycle: Pick<BonusLifecycle, 'grant'>;
  eligibility: BonusEligibilityCheck;
  /**
   * Whether the player's place allows purchase bonuses now (decision 046). Where it does not,
   * the purchase completes with the coins bought and nothing else: no match is granted and
   * pending purchase codes stay pending (for a later purchase where bonuses are allowed, or
   * their own end) rather than failing a payment the player has already made.
   */
  allowed?: (tx: Database, playerId: string) => Promise<boolean>;
  now: () => Date;
}) {
  return async (tx: Database, purchase: CompletedPurchase): Promise<void> => {
    const { playerId, credited } = purchase;
    if (deps.allowed && !(await deps.allowed(tx, playerId))) return;
    const now = deps.now();
    for (const def of await deps.repo.listEnabledDefinitions(tx, 'match')) {
      if ((def.claimFrom && def.claimFrom > now) || (def.claimUntil && def.claimUntil <= now)) {
        continue;
      }
      if (await deps.eligibility.refusal(tx, playerId, def.eligibility)) continue;
      const source = matchSource(def, purchase, now);
      await deps.lifecycle.grant(tx, { playerId, definition: def, source, basis: credited });
    }
    await deps.codes.applyPending(tx, playerId, credited);
  };
}
