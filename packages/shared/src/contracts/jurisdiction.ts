import { z } from 'zod';

/**
 * Jurisdiction rules (issue 16): where Sweeps Coins may be played, purchase bonuses given and
 * prizes redeemed. A place is a country (ISO 3166-1 alpha-2) and a state code, or '' for the
 * whole country. Gold Coins play is never restricted by them.
 */
const countrySchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'An upper-case ISO 3166-1 alpha-2 country code');
const regionSchema = z
  .string()
  .regex(/^([A-Z0-9]{1,3})?$/, 'A state code such as CA, or empty for the whole country');

export const jurisdictionRuleSchema = z.object({
  country: countrySchema,
  region: regionSchema,
  sweepsPlay: z.boolean(),
  purchaseBonuses: z.boolean(),
  redemptions: z.boolean(),
  effectiveFrom: z.iso.datetime(),
  redemptionWindDownUntil: z.iso
    .datetime()
    .nullable()
    .describe('Redemptions stay open until then after Sweeps Coins play stops'),
  note: z.string().max(500),
  minAge: z
    .number()
    .int()
    .min(18)
    .max(25)
    .default(18)
    .describe('The youngest age allowed to play there (birthdate on the profile)'),
});
export type JurisdictionRule = z.infer<typeof jurisdictionRuleSchema>;

export const jurisdictionRuleListSchema = z.object({ data: z.array(jurisdictionRuleSchema) });
export type JurisdictionRuleList = z.infer<typeof jurisdictionRuleListSchema>;

/** What applies to the player where they are, and why. */
/** Where a place the rules are read for comes from (decision 030). */
export const PLACE_SOURCES = ['profile', 'location', 'ip'] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];
const placeSourceSchema = z
  .enum(PLACE_SOURCES)
  .describe(
    'Which place this is: the profile, the location sent at login or refresh, or the IP country',
  );

export const sweepsStandingSchema = z.object({
  /** The strictest of the player's known places: one that refuses, else the profile's. */
  source: placeSourceSchema.optional(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  sweepsPlay: z.boolean(),
  purchaseBonuses: z.boolean(),
  redemptions: z.boolean(),
  redemptionsUntil: z.iso.datetime().nullable().describe('The end of a wind-down, if one runs'),
  note: z.string(),
});
export type SweepsStanding = z.infer<typeof sweepsStandingSchema>;

/**
 * details of 403 SWEEPS_NOT_ALLOWED, PURCHASE_BONUS_NOT_ALLOWED and REDEMPTION_NOT_ALLOWED: the
 * place whose rule refused.
 */
export const sweepsNotAllowedDetailsSchema = z.object({
  source: placeSourceSchema.optional(),
  country: z.string(),
  region: z.string(),
});
