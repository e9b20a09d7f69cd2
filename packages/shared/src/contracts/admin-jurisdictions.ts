import { z } from 'zod';
import { staffReasonSchema } from './admin.ts';
import { jurisdictionRuleSchema } from './jurisdiction.ts';
import { pagedListSchema, pageQuerySchema } from './player.ts';

/**
 * The jurisdiction rules in the back office (issue 16, decision 058): compliance lists them a page
 * at a time, by country, and puts one with a reason (it changes what players may do there).
 */
export const adminJurisdictionQuerySchema = pageQuerySchema.extend({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'An ISO 3166-1 alpha-2 country code')
    .optional(),
});
export type AdminJurisdictionQuery = z.infer<typeof adminJurisdictionQuerySchema>;

export const adminJurisdictionRuleSchema = jurisdictionRuleSchema.extend({
  id: z.uuid(),
  updatedAt: z.iso.datetime(),
});
export type AdminJurisdictionRule = z.infer<typeof adminJurisdictionRuleSchema>;

export const adminJurisdictionRuleListSchema = pagedListSchema(adminJurisdictionRuleSchema);
export type AdminJurisdictionRuleList = z.infer<typeof adminJurisdictionRuleListSchema>;

/** A put: the rule, and why. A wind-down must end after the rule takes effect. */
export const adminJurisdictionPutSchema = jurisdictionRuleSchema
  .extend({ reason: staffReasonSchema })
  .refine(
    (rule) =>
      !rule.redemptionWindDownUntil ||
      Date.parse(rule.redemptionWindDownUntil) > Date.parse(rule.effectiveFrom),
    {
      path: ['redemptionWindDownUntil'],
      message: 'The wind-down must end after the rule takes effect',
    },
  );
export type AdminJurisdictionPut = z.infer<typeof adminJurisdictionPutSchema>;

/** Whether a put takes something away from players: the UI asks to confirm it. */
export const refusesPlayOrRedemptions = (
  rule: Pick<AdminJurisdictionPut, 'sweepsPlay' | 'redemptions'>,
) => !rule.sweepsPlay || !rule.redemptions;
