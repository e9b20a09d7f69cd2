import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jurisdictionRules, players } from '../../db/schema/index.ts';
import type { RuleRow } from './jurisdiction.fns.ts';

const ruleColumns = {
  country: jurisdictionRules.country,
  region: jurisdictionRules.region,
  sweepsPlay: jurisdictionRules.sweepsPlay,
  purchaseBonuses: jurisdictionRules.purchaseBonuses,
  redemptions: jurisdictionRules.redemptions,
  effectiveFrom: jurisdictionRules.effectiveFrom,
  redemptionWindDownUntil: jurisdictionRules.redemptionWindDownUntil,
  note: jurisdictionRules.note,
  minAge: jurisdictionRules.minAge,
};

/** The jurisdiction rules' SQL, and the profile place a rule is looked up by. */
export function createJurisdictionRepo(db: Database) {
  return {
    db,

    async profilePlace(
      tx: Database,
      playerId: string,
    ): Promise<{ country: string | null; region: string | null } | undefined> {
      const [row] = await tx
        .select({ country: players.country, region: players.region })
        .from(players)
        .where(eq(players.id, playerId));
      return row;
    },

    async rulesOf(tx: Database, country: string): Promise<RuleRow[]> {
      return tx
        .select(ruleColumns)
        .from(jurisdictionRules)
        .where(eq(jurisdictionRules.country, country));
    },

    async listAll(tx: Database): Promise<RuleRow[]> {
      return tx
        .select(ruleColumns)
        .from(jurisdictionRules)
        .orderBy(
          asc(jurisdictionRules.country),
          asc(jurisdictionRules.region),
          asc(jurisdictionRules.effectiveFrom),
        );
    },

    /** One rule per place and start date: a second put of the same replaces it. */
    async upsert(tx: Database, rule: RuleRow, at: Date): Promise<RuleRow> {
      const [row] = await tx
        .insert(jurisdictionRules)
        .values({ ...rule, updatedAt: at })
        .onConflictDoUpdate({
          target: [
            jurisdictionRules.country,
            jurisdictionRules.region,
            jurisdictionRules.effectiveFrom,
          ],
          set: {
            sweepsPlay: rule.sweepsPlay,
            purchaseBonuses: rule.purchaseBonuses,
            redemptions: rule.redemptions,
            redemptionWindDownUntil: rule.redemptionWindDownUntil,
            note: rule.note,
            minAge: rule.minAge,
            updatedAt: at,
          },
        })
        .returning(ruleColumns);
      if (!row) throw new Error('jurisdiction rule not written');
      return row;
    },
  };
}
export type JurisdictionRepo = ReturnType<typeof createJurisdictionRepo>;
