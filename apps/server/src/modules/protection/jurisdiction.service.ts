import type { JurisdictionRule, JurisdictionRuleList, SweepsStanding } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import {
  DEFAULT_MIN_AGE,
  placeOf,
  ruleFor,
  standingOf,
  toJurisdictionRule,
} from './jurisdiction.fns.ts';
import type { JurisdictionRepo } from './jurisdiction.repo.ts';

/**
 * Jurisdiction rules (issue 16): what the player's place allows now, the door for Sweeps Coins
 * play (the game server asks it inside its round transaction), and the operator's table.
 */
export function createJurisdictionService(deps: {
  repo: JurisdictionRepo;
  /** State codes → names, so a state typed in full in the profile is found. */
  regionCodes: Readonly<Record<string, string>>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  async function standingIn(tx: Database, playerId: string): Promise<SweepsStanding> {
    const profile = await repo.profilePlace(tx, playerId);
    const place = placeOf(profile ?? { country: null, region: null }, deps.regionCodes);
    const rules = place.country ? await repo.rulesOf(tx, place.country) : [];
    const at = now();
    return standingOf(ruleFor(rules, place, at), place, at);
  }

  return {
    /** GET /api/player/protection/jurisdiction. */
    standing: (actor: Actor) => repo.db.transaction((tx) => standingIn(tx, actor.playerId)),

    /** 403 SWEEPS_NOT_ALLOWED when the player's place refuses Sweeps Coins play now. */
    async assertSweepsPlay(tx: Database, playerId: string): Promise<void> {
      const standing = await standingIn(tx, playerId);
      if (standing.sweepsPlay) return;
      throw new AppError(
        'SWEEPS_NOT_ALLOWED',
        'Sweeps Coins play is not available where you are; Gold Coins play is',
        { country: standing.country ?? '', region: standing.region ?? '' },
      );
    },

    /**
     * The youngest age allowed at a place (the profile's country and state, as it will be after
     * an update): the rule in force there, else 18.
     */
    minAgeAt: (profile: { country: string | null; region: string | null }): Promise<number> =>
      repo.db.transaction(async (tx) => {
        const place = placeOf(profile, deps.regionCodes);
        const rules = place.country ? await repo.rulesOf(tx, place.country) : [];
        return ruleFor(rules, place, now())?.minAge ?? DEFAULT_MIN_AGE;
      }),

    async list(): Promise<JurisdictionRuleList> {
      const rows = await repo.db.transaction((tx) => repo.listAll(tx));
      return { data: rows.map(toJurisdictionRule) };
    },

    async put(rule: JurisdictionRule): Promise<JurisdictionRule> {
      const row = await repo.db.transaction((tx) =>
        repo.upsert(
          tx,
          {
            ...rule,
            effectiveFrom: new Date(rule.effectiveFrom),
            redemptionWindDownUntil: rule.redemptionWindDownUntil
              ? new Date(rule.redemptionWindDownUntil)
              : null,
          },
          now(),
        ),
      );
      return toJurisdictionRule(row);
    },
  };
}
export type JurisdictionService = ReturnType<typeof createJurisdictionService>;
