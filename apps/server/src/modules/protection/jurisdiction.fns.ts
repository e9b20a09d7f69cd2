import type { JurisdictionRule, SweepsStanding } from '@coinfall/shared';

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
