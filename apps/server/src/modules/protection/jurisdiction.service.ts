import type { JurisdictionRule, JurisdictionRuleList, SweepsStanding } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import {
  DEFAULT_MIN_AGE,
  knownPlaces,
  placeOf,
  ruleFor,
  standingOf,
  strictestStanding,
  toJurisdictionRule,
} from './jurisdiction.fns.ts';
import type { JurisdictionRepo } from './jurisdiction.repo.ts';

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

  /** The strictest standing of every place known of the player (decision 030). */
  async function standingIn(tx: Database, playerId: string): Promise<SweepsStanding> {
    const profile = await repo.profilePlace(tx, playerId);
    const origin = await repo.lastOrigin(tx, playerId);
    const locationState =
      origin.location && deps.usStateAt ? await deps.usStateAt(origin.location) : null;
    const places = knownPlaces(
      placeOf(profile ?? { country: null, region: null }, deps.regionCodes),
      locationState,
      origin.ipCountry,
    );
    const at = now();
    const rulesByCountry = new Map<string, Awaited<ReturnType<typeof repo.rulesOf>>>();
    const standings = [];
    for (const place of places) {
      let rules = place.country ? rulesByCountry.get(place.country) : [];
      if (!rules && place.country) {
        rules = await repo.rulesOf(tx, place.country);
        rulesByCountry.set(place.country, rules);
      }
      standings.push({
        ...standingOf(ruleFor(rules ?? [], place, at), place, at),
        source: place.source,
      });
    }
    return strictestStanding(standings);
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
