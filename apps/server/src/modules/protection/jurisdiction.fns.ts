import type { JurisdictionRule, PlaceSource, SweepsStanding } from '@coinfall/shared';

/** A rule as stored (dates as dates). */
export interface RuleRow {
  country: string;
  region: string;
  sweepsPlay: boolean;
  purchaseBonuses: boolean;
  redemptions: boolean;
  effectiveFrom: Date;
  redemptionWindDownUntil: Date | null;
  note: string;
  minAge: number;
}

/** Without a rule for the place, the platform's minimum age. */
export const DEFAULT_MIN_AGE = 18;

export interface Place {
  country: string | null;
  region: string | null;
}

/**
 * The player's place from the profile: the country upper-cased, the region as a state code —
 * a name typed in full ("California") is turned into its code by `regionCodes` (code → name).
 */
export function placeOf(
  profile: { country: string | null; region: string | null },
  regionCodes: Readonly<Record<string, string>>,
): Place {
  const country = profile.country?.trim().toUpperCase() || null;
  const typed = profile.region?.trim() ?? '';
  if (!typed) return { country, region: null };
  const upper = typed.toUpperCase();
  if (country === 'US') {
    if (regionCodes[upper]) return { country, region: upper };
    const byName = Object.entries(regionCodes).find(
      ([, name]) => name.toUpperCase() === upper,
    )?.[0];
    return { country, region: byName ?? upper };
  }
  return { country, region: upper };
}

/** The latest of `rows` in force at `at`, or undefined. */
function latest(rows: RuleRow[], at: Date): RuleRow | undefined {
  return rows
    .filter((r) => r.effectiveFrom.getTime() <= at.getTime())
    .sort((a, b) => b.effectiveFrom.getTime() - a.effectiveFrom.getTime())[0];
}

/** The rule in force for the place at `at`: the state's, else the country's; none → null. */
export function ruleFor(rules: RuleRow[], place: Place, at: Date): RuleRow | null {
  if (!place.country) return null;
  const ofCountry = rules.filter((r) => r.country === place.country);
  const state = place.region
    ? latest(
        ofCountry.filter((r) => r.region === place.region),
        at,
      )
    : undefined;
  return (
    state ??
    latest(
      ofCountry.filter((r) => r.region === ''),
      at,
    ) ??
    null
  );
}

/** What the rule allows at `at`; a redemption wind-down keeps redemptions open until its end. */
export function standingOf(rule: RuleRow | null, place: Place, at: Date): SweepsStanding {
  const windingDown =
    rule !== null &&
    !rule.redemptions &&
    rule.redemptionWindDownUntil !== null &&
    rule.redemptionWindDownUntil.getTime() > at.getTime();
  return {
    country: place.country,
    region: place.region,
    sweepsPlay: rule?.sweepsPlay ?? true,
    purchaseBonuses: rule?.purchaseBonuses ?? true,
    redemptions: (rule?.redemptions ?? true) || windingDown,
    redemptionsUntil: windingDown ? rule.redemptionWindDownUntil!.toISOString() : null,
    note: rule?.note ?? '',
  };
}

export function toJurisdictionRule(row: RuleRow): JurisdictionRule {
  return {
    ...row,
    effectiveFrom: row.effectiveFrom.toISOString(),
    redemptionWindDownUntil: row.redemptionWindDownUntil?.toISOString() ?? null,
  };
}

/** A place the player is known by, and where it comes from. */
export interface KnownPlace extends Place {
  source: PlaceSource;
}

/**
 * The places the rules are read for: the profile's, the US state of the location sent at login
 * or refresh (`locationState`, already turned from coordinates), and the IP country. The
 * profile's always stands first, even empty, so a player with no place is read as before.
 */
export function knownPlaces(
  profile: Place,
  locationState: string | null,
  ipCountry: string | null,
): KnownPlace[] {
  const places: KnownPlace[] = [{ ...profile, source: 'profile' }];
  if (locationState) places.push({ country: 'US', region: locationState, source: 'location' });
  if (ipCountry) places.push({ country: ipCountry.toUpperCase(), region: null, source: 'ip' });
  return places;
}

/**
 * The strictest of several standings (one per known place, the profile's first): each of Sweeps
 * Coins play, purchase bonuses and redemptions is allowed only if every place allows it; a
 * redemption wind-down ends at the earliest. The place named is the first that refuses play,
 * else redemptions, else bonuses, else the first (the profile's).
 */
export function strictestStanding(
  standings: readonly (SweepsStanding & { source: PlaceSource })[],
): SweepsStanding & { source: PlaceSource } {
  const [first] = standings;
  if (!first) throw new Error('strictestStanding needs at least one standing');
  const named =
    standings.find((s) => !s.sweepsPlay) ??
    standings.find((s) => !s.redemptions) ??
    standings.find((s) => !s.purchaseBonuses) ??
    standings.find((s) => s.redemptionsUntil !== null) ??
    first;
  const redemptions = standings.every((s) => s.redemptions);
  const windDowns = standings
    .map((s) => s.redemptionsUntil)
    .filter((u): u is string => u !== null)
    .sort();
  return {
    source: named.source,
    country: named.country,
    region: named.region,
    sweepsPlay: standings.every((s) => s.sweepsPlay),
    purchaseBonuses: standings.every((s) => s.purchaseBonuses),
    redemptions,
    redemptionsUntil: redemptions ? (windDowns[0] ?? null) : null,
    note: named.note,
  };
}

/**
 * A player's standing from its known places (`knownPlaces`) and the rules of their countries
 * (`rules`, by country; a country absent has none): the strictest of the places' standings at
 * `at`. The one computation behind a single player's doors and a batch of players'.
 */
export function standingFrom(
  places: readonly KnownPlace[],
  rules: ReadonlyMap<string, RuleRow[]>,
  at: Date,
): SweepsStanding & { source: PlaceSource } {
  return strictestStanding(
    places.map((place) => ({
      ...standingOf(
        ruleFor(place.country ? (rules.get(place.country) ?? []) : [], place, at),
        place,
        at,
      ),
      source: place.source,
    })),
  );
}
