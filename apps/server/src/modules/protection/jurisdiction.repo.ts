import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/prepared.ts';
import type { GeoLocation } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { jurisdictionRules, players, playerSessions } from '../../db/schema/index.ts';
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

const adminColumns = {
  ...ruleColumns,
  id: jurisdictionRules.id,
  updatedAt: jurisdictionRules.updatedAt,
};
export type AdminRuleRow = RuleRow & { id: string; updatedAt: Date };

/** The jurisdiction rules' SQL, and the profile place a rule is looked up by. */
export function createJurisdictionRepo(db: Database) {
  return {
    db,

    /**
     * Each player's profile place, and the latest location and IP country their logins and
     * refreshes sent: each from the most recently active session that recorded one (ended
     * sessions too — the last known place). One statement: per player, a lateral top-1 for each,
     * so every player is one seek of `player_sessions` by player, as a lookup of one player would
     * be. Players that do not exist are absent.
     */
    async placesOf(
      tx: Database,
      playerIds: readonly string[],
    ): Promise<
      Map<
        string,
        {
          country: string | null;
          region: string | null;
          location: GeoLocation | null;
          ipCountry: string | null;
        }
      >
    > {
      if (playerIds.length === 0) return new Map();
      const latest = <C extends typeof playerSessions.location | typeof playerSessions.ipCountry>(
        column: C,
        name: string,
      ) =>
        tx
          .select({ value: column })
          .from(playerSessions)
          .where(and(eq(playerSessions.playerId, players.id), isNotNull(column)))
          .orderBy(desc(playerSessions.lastSeenAt))
          .limit(1)
          .as(name);
      const location = latest(playerSessions.location, 'last_location');
      const ipCountry = latest(playerSessions.ipCountry, 'last_ip_country');
      const rows = await tx
        .select({
          id: players.id,
          country: players.country,
          region: players.region,
          location: location.value,
          ipCountry: ipCountry.value,
        })
        .from(players)
        .leftJoinLateral(location, sql`true`)
        .leftJoinLateral(ipCountry, sql`true`)
        .where(anyOf(players.id, [...playerIds], 'uuid'));
      return new Map(rows.map(({ id, ...place }) => [id, place]));
    },

    /** The rules of all these countries, in one statement. */
    async rulesOfCountries(tx: Database, countries: readonly string[]): Promise<RuleRow[]> {
      if (countries.length === 0) return [];
      return tx
        .select(ruleColumns)
        .from(jurisdictionRules)
        .where(inArray(jurisdictionRules.country, [...countries]));
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

    /** The back office's page of rules (decision 058), optionally one country's. */
    async adminPage(
      tx: Database,
      query: { country?: string | undefined; page: number; perPage: number },
    ) {
      const where = query.country ? eq(jurisdictionRules.country, query.country) : undefined;
      const [rows, [total]] = await Promise.all([
        tx
          .select(adminColumns)
          .from(jurisdictionRules)
          .where(where)
          .orderBy(
            asc(jurisdictionRules.country),
            asc(jurisdictionRules.region),
            asc(jurisdictionRules.effectiveFrom),
          )
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        tx.select({ n: count() }).from(jurisdictionRules).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The rule of a place and start date, locked: the before of an audited put. */
    async lockByKey(tx: Database, key: { country: string; region: string; effectiveFrom: Date }) {
      const [row] = await tx
        .select(adminColumns)
        .from(jurisdictionRules)
        .where(
          and(
            eq(jurisdictionRules.country, key.country),
            eq(jurisdictionRules.region, key.region),
            eq(jurisdictionRules.effectiveFrom, key.effectiveFrom),
          ),
        )
        .for('update');
      return row;
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
