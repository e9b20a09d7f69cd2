import { z } from 'zod';
import { staffReasonSchema } from './admin.ts';
import { protectionItemSchema } from './protection.ts';

/**
 * The player's protection record as the back office sees it (issues 16 and 17, decision 030):
 * every break and self-exclusion, the one in force, the reality-check interval and the
 * promotional-mail consent. Staff may only record the player's request to lift an indefinite
 * exclusion, and only once the rule allows it; nothing shortens a fixed one.
 */

export const adminProtectionItemSchema = protectionItemSchema.extend({
  earliestLiftAt: z.iso
    .datetime()
    .nullable()
    .describe(
      'An indefinite exclusion not yet asked to lift: from when the request may be recorded (6 months after its start). Null for anything else',
    ),
});
export type AdminProtectionItem = z.infer<typeof adminProtectionItemSchema>;

export const adminProtectionSchema = z.object({
  inForce: adminProtectionItemSchema.nullable().describe('The break or exclusion in force now'),
  excludedUntil: z.iso
    .datetime()
    .nullable()
    .describe('When every door opens again; null when none stands or while one is indefinite'),
  history: z.array(adminProtectionItemSchema).describe('Every break and exclusion, newest first'),
  realityCheckMinutes: z
    .number()
    .int()
    .nullable()
    .describe('The reality-check interval the player chose; null: checks off'),
  doNotMarket: z
    .boolean()
    .describe(
      'True while a break or exclusion is in force: the player is in no marketing audience (no promotional mail, no segment-targeted bonus or quest); false again once it ends',
    ),
  promoEmailConsent: z
    .boolean()
    .describe(
      'Whether the player receives promotional email now (a break or exclusion withdraws it)',
    ),
});
export type AdminProtection = z.infer<typeof adminProtectionSchema>;

export const adminProtectionParamsSchema = z.object({
  id: z.uuid(),
  protectionId: z.uuid(),
});

/** The player's request to lift an indefinite exclusion, as staff record it: why is required. */
export const adminProtectionLiftBodySchema = z.object({ reason: staffReasonSchema });
export type AdminProtectionLiftBody = z.infer<typeof adminProtectionLiftBodySchema>;
