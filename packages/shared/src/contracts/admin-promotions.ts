import { z } from 'zod';
import { serialIdParamSchema, serialIdSchema } from './serial-id.ts';
import { BonusCodeTrigger } from '../bonus-constants.ts';
import { staffReasonSchema } from './admin.ts';
import {
  BONUS_KINDS,
  bonusContributionsSchema,
  bonusEligibilitySchema,
  bonusRewardSchema,
  freeSpinsRewardSchema,
} from './bonus.ts';
import { LOCALES } from '../locales.ts';
import { GAME_CURRENCIES } from './game.ts';
import { pagedListSchema, pageQuerySchema, sortOrderSchema } from './player.ts';
import {
  QUEST_ACTIVATIONS,
  questDefinitionSchema,
  questEligibilitySchema,
  questPackageDefinitionSchema,
  questRewardSchema,
  questTaskRuleSchema,
} from './retention.ts';

/**
 * The back office's promotions (issue 17, decision 042): bonus definitions (their free spins
 * included — a free-spin campaign is a definition with a `freeSpins` line) and bonus codes.
 * Every change carries the reason the audit keeps.
 */

/** An instant the database can compare with (years 1900–2099). */
const instant = z.iso.datetime().regex(/^(19|20)\d\d-/, 'A year from 1900 to 2099');
/** `true`/`false` in a query string. */
const enabledFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));
const gameCurrency = z.enum(GAME_CURRENCIES);

// ---- Bonus definitions ----

export const ADMIN_BONUS_SORTS = ['id', 'slug', 'kind', 'claims', 'createdAt'] as const;
export type AdminBonusSort = (typeof ADMIN_BONUS_SORTS)[number];

export const adminBonusDefinitionQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().min(1).max(64).optional().describe('Part of the slug'),
  kind: z.enum(BONUS_KINDS).optional(),
  enabled: enabledFilter,
  sort: z.enum(ADMIN_BONUS_SORTS).default('id'),
  order: sortOrderSchema,
});
export type AdminBonusDefinitionQuery = z.infer<typeof adminBonusDefinitionQuerySchema>;

/** The editable terms of a definition; the slug is fixed once created (code and content name it). */
const definitionTermsSchema = z.object({
  kind: z.enum(BONUS_KINDS),
  rewards: z
    .array(bonusRewardSchema.and(z.object({ currency: gameCurrency })))
    .max(GAME_CURRENCIES.length),
  freeSpins: freeSpinsRewardSchema.extend({ currency: gameCurrency }).nullable(),
  wageringTenths: z.number().int().min(0).max(1000).describe('Wagering × 10 (35 = 3.5×)'),
  contributions: bonusContributionsSchema,
  maxBet: z.partialRecord(gameCurrency, z.number().int().positive()),
  activation: z.enum(['auto', 'manual']),
  activateWithinHours: z.number().int().min(1).max(8760),
  completeWithinHours: z.number().int().min(1).max(8760),
  claimFrom: instant.nullable(),
  claimUntil: instant.nullable(),
  eligibility: bonusEligibilitySchema,
  claimCap: z.number().int().min(1).nullable().describe('Times it may be given in all'),
});

type Terms = z.infer<typeof definitionTermsSchema>;
function checkTerms(t: Terms, ctx: z.RefinementCtx): void {
  if (t.rewards.length === 0 && t.freeSpins === null) {
    ctx.addIssue({ code: 'custom', message: 'Give coins or free spins', path: ['rewards'] });
  }
  const seen = new Set<string>();
  t.rewards.forEach((r, i) => {
    if (seen.has(r.currency)) {
      ctx.addIssue({
        code: 'custom',
        message: 'One line per currency',
        path: ['rewards', i, 'currency'],
      });
    }
    seen.add(r.currency);
  });
  const [from, until] = [Date.parse(t.claimFrom ?? ''), Date.parse(t.claimUntil ?? '')];
  if (!Number.isNaN(from) && !Number.isNaN(until) && from >= until) {
    ctx.addIssue({ code: 'custom', message: 'Must be after claimFrom', path: ['claimUntil'] });
  }
}

export const adminBonusDefinitionCreateBodySchema = definitionTermsSchema
  .extend({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes')
      .min(3)
      .max(64),
    enabled: z.boolean().default(true),
    reason: staffReasonSchema,
  })
  .superRefine(checkTerms);
export type AdminBonusDefinitionCreateBody = z.infer<typeof adminBonusDefinitionCreateBodySchema>;

export const adminBonusDefinitionUpdateBodySchema = definitionTermsSchema
  .extend({ reason: staffReasonSchema })
  .superRefine(checkTerms);
export type AdminBonusDefinitionUpdateBody = z.infer<typeof adminBonusDefinitionUpdateBodySchema>;

export const adminBonusDefinitionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(BONUS_KINDS),
  rewards: z.array(bonusRewardSchema),
  freeSpins: freeSpinsRewardSchema.nullable(),
  wageringTenths: z.number().int(),
  contributions: bonusContributionsSchema,
  maxBet: z.record(z.string(), z.number().int()),
  activation: z.enum(['auto', 'manual']),
  activateWithinHours: z.number().int(),
  completeWithinHours: z.number().int(),
  claimFrom: z.iso.datetime().nullable(),
  claimUntil: z.iso.datetime().nullable(),
  eligibility: bonusEligibilitySchema,
  claimCap: z.number().int().nullable(),
  claims: z.number().int().describe('Times it was given'),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminBonusDefinition = z.infer<typeof adminBonusDefinitionSchema>;
export const adminBonusDefinitionListSchema = pagedListSchema(adminBonusDefinitionSchema);
export type AdminBonusDefinitionList = z.infer<typeof adminBonusDefinitionListSchema>;

/** Activate or deactivate a definition or a code (nothing already issued changes). */
export const adminEnabledBodySchema = z.object({ enabled: z.boolean(), reason: staffReasonSchema });
export type AdminEnabledBody = z.infer<typeof adminEnabledBodySchema>;

export const adminSerialParamsSchema = z.object({
  id: serialIdParamSchema,
});

// ---- Bonus codes ----

export const ADMIN_BONUS_CODE_SORTS = [
  'code',
  'claims',
  'redemptions',
  'createdAt',
  'expiresAt',
] as const;
export type AdminBonusCodeSort = (typeof ADMIN_BONUS_CODE_SORTS)[number];

const triggerValues = Object.values(BonusCodeTrigger) as number[];
const bonusCodeTrigger = z
  .number()
  .int()
  .refine((n) => triggerValues.includes(n), 'Unknown trigger: 1 sign-up, 2 purchase, 3 instant');

export const adminBonusCodeQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().min(1).max(64).optional().describe('Part of the code'),
  bonusId: serialIdParamSchema.optional(),
  enabled: enabledFilter,
  sort: z.enum(ADMIN_BONUS_CODE_SORTS).default('createdAt'),
  order: sortOrderSchema,
});
export type AdminBonusCodeQuery = z.infer<typeof adminBonusCodeQuerySchema>;

const codeLimitsSchema = z.object({
  claimCap: z.number().int().min(1).max(100_000_000).nullable(),
  startsAt: instant.nullable(),
  expiresAt: instant.nullable(),
  eligibility: bonusEligibilitySchema,
});
function checkWindow(b: z.infer<typeof codeLimitsSchema>, ctx: z.RefinementCtx): void {
  const [from, until] = [Date.parse(b.startsAt ?? ''), Date.parse(b.expiresAt ?? '')];
  if (!Number.isNaN(from) && !Number.isNaN(until) && from >= until) {
    ctx.addIssue({ code: 'custom', message: 'Must be after startsAt', path: ['expiresAt'] });
  }
}

export const adminBonusCodeCreateBodySchema = codeLimitsSchema
  .extend({
    /** Case-sensitive, as players will type it. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, _ and -')
      .min(3)
      .max(64),
    bonusId: serialIdSchema,
    trigger: bonusCodeTrigger,
    reason: staffReasonSchema,
  })
  .superRefine(checkWindow);
export type AdminBonusCodeCreateBody = z.infer<typeof adminBonusCodeCreateBodySchema>;

export const adminBonusCodeUpdateBodySchema = codeLimitsSchema
  .extend({ reason: staffReasonSchema })
  .superRefine(checkWindow);
export type AdminBonusCodeUpdateBody = z.infer<typeof adminBonusCodeUpdateBodySchema>;

export const adminBonusCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  bonusId: z.number().int(),
  bonusSlug: z.string(),
  trigger: z.number().int(),
  claimCap: z.number().int().nullable(),
  claims: z.number().int().describe('Claims counted against the cap (pending ones included)'),
  redemptions: z.number().int().describe('Players whose code was applied'),
  startsAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  eligibility: bonusEligibilitySchema,
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminBonusCode = z.infer<typeof adminBonusCodeSchema>;
export const adminBonusCodeListSchema = pagedListSchema(adminBonusCodeSchema);
export type AdminBonusCodeList = z.infer<typeof adminBonusCodeListSchema>;

// ---- Quests and chains (decision 042; the engine of decision 028) ----

/** A name or description in every shipped locale, none empty. */
const localized = (max: number) =>
  z.object(
    Object.fromEntries(LOCALES.map((l) => [l, z.string().trim().min(1).max(max)])) as Record<
      (typeof LOCALES)[number],
      z.ZodString
    >,
  );

export const ADMIN_QUEST_SORTS = ['id', 'identity', 'startAt', 'endAt', 'holders'] as const;
export type AdminQuestSort = (typeof ADMIN_QUEST_SORTS)[number];

export const adminQuestQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().min(1).max(64).optional().describe('Part of the identity'),
  enabled: enabledFilter,
  sort: z.enum(ADMIN_QUEST_SORTS).default('id'),
  order: sortOrderSchema,
});
export type AdminQuestQuery = z.infer<typeof adminQuestQuerySchema>;

const adminQuestRewardSchema = questRewardSchema.refine(
  (r) => r.kind !== 'coins' || (GAME_CURRENCIES as readonly string[]).includes(r.currency),
  { message: 'GC or SC', path: ['currency'] },
);

const questTermsSchema = z.object({
  name: localized(120),
  description: localized(2000),
  image: z.string().trim().min(1).max(500).nullable(),
  activation: z.enum(QUEST_ACTIVATIONS),
  reward: adminQuestRewardSchema,
  eligibility: questEligibilitySchema,
  startAt: instant,
  endAt: instant.nullable(),
  tasks: z
    .array(
      questTaskRuleSchema.extend({
        name: localized(120),
        currency: gameCurrency.nullable(),
      }),
    )
    .min(1, 'At least one task')
    .max(10),
  reason: staffReasonSchema,
});
function checkWindowOf(t: { startAt: string; endAt: string | null }, ctx: z.RefinementCtx) {
  if (t.endAt !== null && Date.parse(t.endAt) <= Date.parse(t.startAt)) {
    ctx.addIssue({ code: 'custom', message: 'Must be after startAt', path: ['endAt'] });
  }
}

export const adminQuestCreateBodySchema = questTermsSchema
  .extend({
    identity: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes')
      .min(3)
      .max(64),
    enabled: z.boolean().default(true),
  })
  .superRefine(checkWindowOf);
export type AdminQuestCreateBody = z.infer<typeof adminQuestCreateBodySchema>;
export const adminQuestUpdateBodySchema = questTermsSchema.superRefine(checkWindowOf);
export type AdminQuestUpdateBody = z.infer<typeof adminQuestUpdateBodySchema>;

export const adminQuestSchema = questDefinitionSchema.extend({
  eligibility: questEligibilitySchema,
  enabled: z.boolean(),
  holders: z.number().int().describe('Players who hold it (any state)'),
});
export type AdminQuest = z.infer<typeof adminQuestSchema>;
export const adminQuestListSchema = pagedListSchema(adminQuestSchema);
export type AdminQuestList = z.infer<typeof adminQuestListSchema>;

const packageTermsSchema = z.object({
  name: localized(120),
  description: localized(2000),
  image: z.string().trim().min(1).max(500).nullable(),
  reward: adminQuestRewardSchema.nullable(),
  eligibility: questEligibilitySchema,
  startAt: instant,
  endAt: instant.nullable(),
  reason: staffReasonSchema,
});
export const adminQuestPackageBodySchema = packageTermsSchema.superRefine(checkWindowOf);
export type AdminQuestPackageBody = z.infer<typeof adminQuestPackageBodySchema>;

/** A chain's steps: existing quests in the order players walk them, each once (decision 057). */
const questIdsSchema = z
  .array(serialIdSchema)
  .min(1, 'At least one quest')
  .max(20)
  .superRefine((ids, ctx) => {
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        ctx.addIssue({ code: 'custom', message: 'Listed twice', path: [i] });
    });
  });

export const adminQuestPackageCreateBodySchema = packageTermsSchema
  .extend({
    identity: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes')
      .min(3)
      .max(64),
    questIds: questIdsSchema,
    enabled: z.boolean().default(true),
  })
  .superRefine(checkWindowOf);
export type AdminQuestPackageCreateBody = z.infer<typeof adminQuestPackageCreateBodySchema>;

/** A chain's new steps; the ones players have reached stay first, in place (decision 061). */
export const adminQuestPackageStepsBodySchema = z.object({
  questIds: questIdsSchema,
  reason: staffReasonSchema,
});
export type AdminQuestPackageStepsBody = z.infer<typeof adminQuestPackageStepsBodySchema>;

export const adminQuestPackageSchema = questPackageDefinitionSchema.extend({
  eligibility: questEligibilitySchema,
  enabled: z.boolean(),
  fixedSteps: z
    .number()
    .int()
    .describe(
      'Leading steps that stay in place: through the last step any player has reached (decision 061)',
    ),
});
export type AdminQuestPackage = z.infer<typeof adminQuestPackageSchema>;
export const adminQuestPackageListSchema = z.object({ data: z.array(adminQuestPackageSchema) });
export type AdminQuestPackageList = z.infer<typeof adminQuestPackageListSchema>;
