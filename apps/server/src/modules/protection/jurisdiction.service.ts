import type {
  GeoLocation,
  JurisdictionRule,
  JurisdictionRuleList,
  SweepsStanding,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import {
  DEFAULT_MIN_AGE,
  knownPlaces,
  placeOf,
  ruleFor,
  standingFrom,
  toJurisdictionRule,
  type RuleRow,
} from './jurisdiction.fns.ts';
import type { JurisdictionRepo } from './jurisdiction.repo.ts';

/** A location's key, so one asked twice is turned into a state once. */
const locationKey = (location: GeoLocation) => `${location.lat},${location.lon}`;

const placeName = (standing: SweepsStanding) =>
  [standing.region, standing.country].filter(Boolean).join(', ');

/** What each door refuses, and what the player may still do there. */
const REFUSED = {
  SWEEPS_NOT_ALLOWED: ['Sweeps Coins play is', 'Gold Coins play is'],
  PURCHASE_BONUS_NOT_ALLOWED: ['Bonuses are', 'purchases are, without a bonus'],
  REDEMPTION_NOT_ALLOWED: ['Sweeps Coins redemptions are', 'Gold Coins play is'],
} as const;

/** The one refusal of the jurisdiction doors: the code, and the place (and its source) refusing. */
function refusal(code: keyof typeof REFUSED, standing: SweepsStanding): AppError {
  const [what, still] = REFUSED[code];
  const from =
    standing.source && standing.source !== 'profile'
      ? ` (${placeName(standing)}, from your ${standing.source === 'ip' ? 'connection' : 'location'})`
      : '';
  return new AppError(code, `${what} not available where you are${from}; ${still}`, {
    country: standing.country ?? '',
    region: standing.region ?? '',
    ...(standing.source ? { source: standing.source } : {}),
  });
}

/**
 * Jurisdiction rules (issue 16): what the player's place allows now, the doors for Sweeps Coins
 * play (the game server asks it inside its round transaction), purchase bonuses and redemptions
 * (the bonus engine and the redemption request ask them, decision 046) — all from the one
 * `standingIn` — and the operator's table.
 */
export function createJurisdictionService(deps: {
  repo: JurisdictionRepo;
  /** State codes → names, so a state typed in full in the profile is found. */
  regionCodes: Readonly<Record<string, string>>;
  /** The US state of coordinates (the geo module's ZIP centroids); without it, not read. */
  usStateAt?: (point: { lat: number; lon: number }) => Promise<string | null>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  /**
   * The strictest standing of every place known of each player (decision 030), in two
   * statements whatever their number: the profiles with their last origins, and the rules of the
   * countries involved. A player that does not exist reads as one with no place.
   */
  async function standingsOf(
    tx: Database,
    playerIds: readonly string[],
  ): Promise<Map<string, SweepsStanding>> {
    const ids = [...new Set(playerIds)];
    if (ids.length === 0) return new Map();
    const known = await repo.placesOf(tx, ids);
    const statesAt = await usStatesOf([...known.values()].map((o) => o.location));
    const placesOf = new Map(
      ids.map((id) => {
        const origin = known.get(id);
        return [
          id,
          knownPlaces(
            placeOf(origin ?? { country: null, region: null }, deps.regionCodes),
            origin?.location ? (statesAt.get(locationKey(origin.location)) ?? null) : null,
            origin?.ipCountry ?? null,
          ),
        ] as const;
      }),
    );
    const countries = new Set(
      [...placesOf.values()].flat().flatMap((place) => (place.country ? [place.country] : [])),
    );
    const rules = new Map<string, RuleRow[]>();
    for (const rule of await repo.rulesOfCountries(tx, [...countries])) {
      rules.set(rule.country, [...(rules.get(rule.country) ?? []), rule]);
    }
    const at = now();
    return new Map([...placesOf].map(([id, places]) => [id, standingFrom(places, rules, at)]));
  }

  /** The US state of each distinct location, asked once each; none without `usStateAt`. */
  async function usStatesOf(
    locations: readonly (GeoLocation | null)[],
  ): Promise<Map<string, string | null>> {
    const { usStateAt } = deps;
    if (!usStateAt) return new Map();
    const distinct = new Map<string, GeoLocation>();
    for (const location of locations) if (location) distinct.set(locationKey(location), location);
    return new Map(
      await Promise.all(
        [...distinct].map(async ([key, location]) => [key, await usStateAt(location)] as const),
      ),
    );
  }

  async function standingIn(tx: Database, playerId: string): Promise<SweepsStanding> {
    const standing = (await standingsOf(tx, [playerId])).get(playerId);
    if (!standing) throw new Error('jurisdiction standing not computed');
    return standing;
  }

  return {
    /** GET /api/player/protection/jurisdiction. */
    standing: (actor: Actor) => repo.db.transaction((tx) => standingIn(tx, actor.playerId)),

    /** 403 SWEEPS_NOT_ALLOWED when the player's place refuses Sweeps Coins play now. */
    async assertSweepsPlay(tx: Database, playerId: string): Promise<void> {
      const standing = await standingIn(tx, playerId);
      if (!standing.sweepsPlay) throw refusal('SWEEPS_NOT_ALLOWED', standing);
    },

    /**
     * Whether Sweeps Coins may reach the player now: the rewards granted without a claim
     * (welcome coins, loyalty rewards, rakeback, quest rewards) withhold their SC part where
     * this is no (decision 052).
     */
    allowsSweepsPlay: async (tx: Database, playerId: string): Promise<boolean> =>
      (await standingIn(tx, playerId)).sweepsPlay,

    /**
     * Whether Sweeps Coins play is allowed now, for each of these players (the same answer as
     * `allowsSweepsPlay`), in a fixed number of statements whatever their number: the batched
     * round writer asks it once for all the players it settles. An empty list reads nothing.
     */
    async sweepsPlayOf(tx: Database, playerIds: string[]): Promise<Map<string, boolean>> {
      const standings = await standingsOf(tx, playerIds);
      return new Map([...standings].map(([id, standing]) => [id, standing.sweepsPlay]));
    },

    /**
     * 403 PURCHASE_BONUS_NOT_ALLOWED when the player's place refuses purchase bonuses now: the
     * bonus engine's player claims (codes, activation, the daily bonus) ask it (decision 046).
     */
    async assertPurchaseBonuses(tx: Database, playerId: string): Promise<void> {
      const standing = await standingIn(tx, playerId);
      if (!standing.purchaseBonuses) throw refusal('PURCHASE_BONUS_NOT_ALLOWED', standing);
    },

    /** Whether a purchase settling now may carry its bonuses (it completes either way). */
    allowsPurchaseBonuses: async (tx: Database, playerId: string): Promise<boolean> =>
      (await standingIn(tx, playerId)).purchaseBonuses,

    /**
     * 403 REDEMPTION_NOT_ALLOWED when the player's place refuses Sweeps Coins redemptions now;
     * a wind-down window still open counts as allowed (`standingOf`).
     */
    async assertRedemptions(tx: Database, playerId: string): Promise<void> {
      const standing = await standingIn(tx, playerId);
      if (!standing.redemptions) throw refusal('REDEMPTION_NOT_ALLOWED', standing);
    },

    /** The same as a yes or no, for the redemption limits preview. */
    allowsRedemptions: async (tx: Database, playerId: string): Promise<boolean> =>
      (await standingIn(tx, playerId)).redemptions,

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
