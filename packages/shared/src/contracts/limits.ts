import { z } from 'zod';

/** Responsible-gaming limits of spec §3 "Player limit" and §7 "Player". */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/**
 * What a limit caps: money spent on purchases, net losses, amounts wagered, or minutes played
 * (session-time: the play sessions' time within the period, decision 036).
 */
export const LIMIT_TYPES = ['purchase', 'loss', 'wager', 'session-time'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/** A session-time limit counts minutes, not money: its `currency` is this unit. */
export const SESSION_TIME_UNIT = 'MIN';

/** Minutes in each (rolling) period: the most a session-time limit may allow. */
export const LIMIT_PERIOD_MINUTES = {
  day: 1_440,
  week: 10_080,
  month: 43_200,
} as const satisfies Record<LimitPeriod, number>;

/** Hours a raise or a removal waits before it takes effect; a decrease is immediate. */
export const LIMIT_COOLING_OFF_HOURS = 24;

const amountSchema = z
  .number()
  .int()
  .positive()
  .max(1_000_000_000_000)
  .describe('Integer amount in minor units (cents) of the currency');

export const createLimitBodySchema = z
  .object({
    type: z.enum(LIMIT_TYPES),
    period: z.enum(LIMIT_PERIODS),
    amount: amountSchema.describe(
      'Integer amount in minor units (cents) of the currency; minutes for a session-time limit',
    ),
    currency: z
      .string()
      .regex(/^[A-Z][A-Z0-9]{1,9}$/, 'An upper-case currency code')
      .default('USD')
      .describe('Ignored for a session-time limit (stored as MIN)'),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'session-time' && body.amount > LIMIT_PERIOD_MINUTES[body.period]) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `At most ${LIMIT_PERIOD_MINUTES[body.period]} minutes in a ${body.period}`,
      });
    }
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
