import type { SweepsStanding } from '@coinfall/shared/contracts/jurisdiction';

/** One thing the player's place refuses (or ends), as the wallet page says it. */
export type StandingLine =
  | { kind: 'noSweepsPlay' }
  | { kind: 'noBonuses' }
  | { kind: 'noRedemptions' }
  | { kind: 'windDown'; until: string };

/**
 * What the wallet page explains of the player's standing (decisions 046 and 052): each door the
 * place shuts, and a redemption wind-down still open with its end. Empty where everything is
 * allowed: the page then says nothing.
 */
export function standingLines(standing: SweepsStanding): StandingLine[] {
  const lines: StandingLine[] = [];
  if (!standing.sweepsPlay) lines.push({ kind: 'noSweepsPlay' });
  if (!standing.purchaseBonuses) lines.push({ kind: 'noBonuses' });
  if (!standing.redemptions) lines.push({ kind: 'noRedemptions' });
  else if (standing.redemptionsUntil) {
    lines.push({ kind: 'windDown', until: standing.redemptionsUntil });
  }
  return lines;
}

/** The place in words: the state's code and the country's name in the player's language. */
export function placeName(standing: Pick<SweepsStanding, 'country' | 'region'>, locale: string) {
  let country = standing.country ?? '';
  if (country) {
    try {
      country = new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
    } catch {
      // An unknown code stays as it is.
    }
  }
  return [standing.region, country].filter(Boolean).join(', ');
}
