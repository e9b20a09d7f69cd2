import { z } from 'zod';

/**
 * Player protection (issue 16): a break and a self-exclusion. Both end every session at once and
 * shut every door (login, refresh, purchase, play, bonus claim, redemption) with the
 * PLAYER_EXCLUDED error until they end; nobody can shorten them (decision 030).
 */

/** Days a break may last. */
export const BREAK_DAYS = [1, 3, 7, 14, 30] as const;
export type BreakDays = (typeof BREAK_DAYS)[number];

/** How long a self-exclusion lasts; `indefinite` has no end until it is lifted. */
export const EXCLUSION_PERIODS = ['6m', '1y', '3y', '5y', 'indefinite'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

/** Months an indefinite exclusion stands before its lift may be asked for. */
export const INDEFINITE_EXCLUSION_MIN_MONTHS = 6;
/** Days between asking to lift an indefinite exclusion and the lift. */
export const EXCLUSION_LIFT_COOLING_DAYS = 7;

export const PROTECTION_KINDS = ['break', 'exclusion'] as const;
export type ProtectionKind = (typeof PROTECTION_KINDS)[number];

export const takeBreakBodySchema = z.object({
  days: z
    .union(
      BREAK_DAYS.map((d) => z.literal(d)) as [
        z.ZodLiteral<BreakDays>,
        ...z.ZodLiteral<BreakDays>[],
      ],
    )
    .describe('1, 3, 7, 14 or 30 days'),
});
export type TakeBreakBody = z.infer<typeof takeBreakBodySchema>;

export const selfExcludeBodySchema = z.object({
  period: z.enum(EXCLUSION_PERIODS),
});
export type SelfExcludeBody = z.infer<typeof selfExcludeBodySchema>;

export const protectionItemSchema = z.object({
  protectionId: z.uuid(),
  kind: z.enum(PROTECTION_KINDS),
  /** The break's days or the exclusion's period, as chosen. */
  duration: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable().describe('Null: indefinite, until lifted'),
  liftRequestedAt: z.iso.datetime().nullable(),
  liftsAt: z.iso
    .datetime()
    .nullable()
    .describe('When an indefinite exclusion asked to be lifted ends'),
});
export type ProtectionItem = z.infer<typeof protectionItemSchema>;

/** What the player (and the operator) see: the protection in force and the past ones. */
export const protectionStandingSchema = z.object({
  active: protectionItemSchema.nullable(),
  /** When every door opens again; null while an indefinite exclusion is not asked to lift. */
  excludedUntil: z.iso.datetime().nullable(),
  history: z.array(protectionItemSchema),
});
export type ProtectionStanding = z.infer<typeof protectionStandingSchema>;

/** details of a PLAYER_EXCLUDED error: what the login page shows (only the end date). */
export const playerExcludedDetailsSchema = z.object({
  kind: z.enum(PROTECTION_KINDS),
  endsAt: z.iso.datetime().nullable(),
});
export type PlayerExcludedDetails = z.infer<typeof playerExcludedDetailsSchema>;

export const operatorPlayerParamsSchema = z.object({ playerId: z.uuid() });

export const protectionIdParamsSchema = z.object({
  playerId: z.uuid(),
  protectionId: z.uuid(),
});
