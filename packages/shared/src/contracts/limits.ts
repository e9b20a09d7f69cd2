import { z } from 'zod';

/** Responsible-gaming limits of spec §3 "Player limit" and §7 "Player". */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** What a limit caps: money spent on purchases, net losses, or amounts wagered. */
export const LIMIT_TYPES = ['purchase', 'loss', 'wager'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/** Hours a raise or a removal waits before it takes effect; a decrease is immediate. */
export const LIMIT_COOLING_OFF_HOURS = 24;

const amountSchema = z
  .number()
  .int()
  .positive()
  .max(1_000_000_000_000)
  .describe('Integer amount in minor units (cents) of the currency');

export const createLimitBodySchema = z.object({
  type: z.enum(LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS),
  amount: amountSchema,
  currency: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{1,9}$/, 'An upper-case currency code')
    .default('USD'),
});
export type CreateLimitBody = z.infer<typeof createLimitBodySchema>;

export const updateLimitBodySchema = z.object({
  period: z.enum(LIMIT_PERIODS).describe('Must be the period of the limit: it cannot change'),
  amount: amountSchema,
});
export type UpdateLimitBody = z.infer<typeof updateLimitBodySchema>;

export const limitIdParamsSchema = z.object({ limitId: z.uuid() });

export const playerLimitSchema = z.object({
  limitId: z.uuid(),
  type: z.enum(LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS),
  amount: z.number().int().describe('The amount in force now'),
  currency: z.string(),
  pendingAmount: z
    .number()
    .int()
    .nullable()
    .describe('A raise waiting for its cooling-off; replaces amount at effectiveAt'),
  effectiveAt: z.iso.datetime().nullable().describe('When pendingAmount takes effect'),
  removesAt: z.iso
    .datetime()
    .nullable()
    .describe('A scheduled removal: the limit stops applying at this time'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PlayerLimit = z.infer<typeof playerLimitSchema>;

export const playerLimitListSchema = z.object({ data: z.array(playerLimitSchema) });
export type PlayerLimitList = z.infer<typeof playerLimitListSchema>;
