import type { BonusEligibility } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { BonusCodesRepo } from './bonus-codes.repo.ts';
import { eligibilityRefusal, wageringWindowStart } from './eligibility.fns.ts';

/** Reads the facts a set of eligibility rules needs, and judges them (eligibility.fns.ts). */
export function createBonusEligibility(deps: {
  repo: Pick<BonusCodesRepo, 'playerFacts' | 'wageredSince'>;
  now: () => Date;
}) {
  return {
    /** Why this player may not receive it, or null; rules are checked in the order given. */
    async refusal(
      tx: Database,
      playerId: string,
      ...ruleSets: BonusEligibility[]
    ): Promise<string | null> {
      const facts = await deps.repo.playerFacts(tx, playerId);
      if (!facts) throw new Error(`no player ${playerId}`);
      const now = deps.now();
      for (const rules of ruleSets) {
        const since = wageringWindowStart(rules, now);
        const wagered =
          since && rules.wagered
            ? await deps.repo.wageredSince(tx, playerId, rules.wagered.currency, since)
            : 0;
        const refusal = eligibilityRefusal(rules, { ...facts, wagered }, now);
        if (refusal) return refusal;
      }
      return null;
    },
  };
}
export type BonusEligibilityCheck = ReturnType<typeof createBonusEligibility>;
