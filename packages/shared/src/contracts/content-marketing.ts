import { z } from 'zod';
import {
  contentTextSchema,
  contentTemplateSchema,
  contentImageSchema,
  slugSchema,
  colorSchema,
  textGroup,
  buttonSchema,
} from './content-base.ts';
import { contentBlockSchema } from './content-pages.ts';
import {
  ACCOUNT_FIELD_KINDS,
  NEVER_REQUIRED_FIELD_KINDS,
  REGISTRATION_FIELD_KINDS,
} from './registration-fields.ts';
import { FUNNEL_TYPES } from '../attribution-constants.ts';

// ---------------------------------------------------------------------------------------------
// banners: hero and promotion banners

export const BANNER_PLACEMENTS = ['home', 'lobby', 'promotions', 'headers'] as const;
export const bannerSchema = z.strictObject({
  id: slugSchema,
  placement: z.enum(BANNER_PLACEMENTS),
  title: contentTextSchema,
  text: contentTextSchema,
  cta: buttonSchema,
  image: contentImageSchema,
  imageMobile: contentImageSchema.optional(),
  badge: contentTextSchema.optional(),
  /** Shown to guests and players alike unless set. */
  audience: z.enum(['guest', 'player']).optional(),
});
export const bannersSchema = z.strictObject({
  items: z
    .array(bannerSchema)
    .min(1)
    .refine((bs) => new Set(bs.map((b) => b.id)).size === bs.length, 'Two banners share an id'),
});

// ---------------------------------------------------------------------------------------------
// bundles: display texts for coin bundles (prices and amounts come from GET /api/shop/bundles)

const BUNDLE_PLACEHOLDERS = ['amount', 'price', 'count', 'percent'];
export const bundlesSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema,
  labels: textGroup(
    [
      'goldCoins',
      'sweepsCoins',
      'freeSweepsCoins',
      'buy',
      'price',
      'mostPopular',
      'bestValue',
      'limited',
      'firstPurchase',
      'extra',
      'processing',
      'empty',
    ],
    contentTemplateSchema(BUNDLE_PLACEHOLDERS),
  ),
  /** Name, badge and tagline per bundle identity. */
  items: z.record(
    slugSchema,
    z.strictObject({
      title: contentTextSchema,
      badge: contentTextSchema.optional(),
      description: contentTextSchema.optional(),
    }),
  ),
  disclaimer: contentTextSchema,
});

// ---------------------------------------------------------------------------------------------
// global-components: texts of shared components

const GLOBAL_PLACEHOLDERS = ['path', 'count', 'nickname', 'amount', 'game', 'currency'];
const globalGroup = <const K extends string>(keys: readonly K[]) =>
  textGroup(keys, contentTemplateSchema(GLOBAL_PLACEHOLDERS));

/** The content's list (global-components `registrationFields`), in the order the form shows. */
export const registrationFieldListSchema = z
  .array(z.strictObject({ name: z.enum(REGISTRATION_FIELD_KINDS), isRequired: z.boolean() }))
  .superRefine((fields, ctx) => {
    const names = fields.map((f) => f.name);
    fields.forEach((field, i) => {
      if (names.indexOf(field.name) !== i) {
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `"${field.name}" twice` });
      }
      if (NEVER_REQUIRED_FIELD_KINDS.includes(field.name) && field.isRequired) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'isRequired'],
          message: `"${field.name}" is a consent and cannot be required`,
        });
      }
    });
    for (const name of ACCOUNT_FIELD_KINDS) {
      const field = fields.find((f) => f.name === name);
      if (!field?.isRequired) {
        ctx.addIssue({ code: 'custom', message: `"${name}" must be listed and required` });
      }
    }
  });

/**
 * One campaign rule of the semi-closed funnel (decision 063): a visit whose utm_campaign matches
 * `campaign` (case-insensitive; a trailing `*` matches every campaign starting with the rest)
 * gets `funnel` whatever its A/B group. The first matching rule of the list wins.
 */
export const funnelCampaignRuleSchema = z.strictObject({
  campaign: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^*]+\*?$/, 'A campaign name, optionally ending in * (starts with)'),
  funnel: z.enum(FUNNEL_TYPES),
});
export type FunnelCampaignRule = z.infer<typeof funnelCampaignRuleSchema>;

export const funnelCampaignListSchema = z
  .array(funnelCampaignRuleSchema)
  .max(100)
  .superRefine((rules, ctx) => {
    const seen = rules.map((r) => r.campaign.toLowerCase());
    rules.forEach((rule, i) => {
      if (seen.indexOf(rule.campaign.toLowerCase()) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'campaign'],
          message: `"${rule.campaign}" twice`,
        });
      }
    });
  });

export const globalComponentsSchema = z.strictObject({
  cookieNotice: z.strictObject({
    text: contentTextSchema,
    accept: contentTextSchema,
    learnMore: buttonSchema,
  }),
  liveChat: globalGroup(['open', 'close', 'title', 'greeting', 'offline', 'unread']),
  states: globalGroup([
    'loading',
    'empty',
    'error',
    'retry',
    'loginRequired',
    'loadMore',
    'offline',
    'comingSoon',
    'pageNotFound',
  ]),
  notifications: globalGroup(['title', 'empty', 'markAllRead', 'viewAll', 'new']),
  userNav: globalGroup([
    'profile',
    'wallet',
    'bonuses',
    'history',
    'limits',
    'security',
    'logout',
    'signIn',
    'signUp',
  ]),
  currencyNav: globalGroup([
    'title',
    'goldCoins',
    'sweepsCoins',
    'getCoins',
    'redeem',
    'balance',
    'switched',
  ]),
  drawer: globalGroup(['menu', 'expand', 'collapse']),
  winners: globalGroup(['title', 'latest', 'top', 'wonIn', 'empty']),
  activity: globalGroup(['title', 'game', 'player', 'payout', 'time']),
  logo: globalGroup(['alt', 'home']),
  preview: globalGroup(['banner', 'exit']),
  ageNotice: contentTextSchema,
  /**
   * Spec §3: the device fingerprint (FingerprintJS, decision 049) runs on the site, and welcome
   * coins wait for the device. Absent is off; the server obeys it only when every locale is on.
   */
  enabledFingerprint: z.boolean().optional(),
  /**
   * Spec §3: the registration form's fields and which are required (decision 053). Absent is
   * today's form. The server reads the default locale's list, so only that locale may set it.
   */
  registrationFields: registrationFieldListSchema.optional(),
  /**
   * Spec §4 "funnel type … or set per campaign" (decision 063): utm_campaign → open or
   * semi-closed. Absent or empty: the A/B group alone decides. Each locale's document holds the
   * rules for visits to that locale's pages.
   */
  funnelCampaigns: funnelCampaignListSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// page-controls: sorting, filtering, search, pagination

export const pageControlsSchema = z.strictObject({
  sort: z.strictObject({
    label: contentTextSchema,
    options: textGroup(['default', 'popular', 'newest', 'nameAsc', 'nameDesc']),
  }),
  filter: textGroup(
    ['label', 'providers', 'collections', 'all', 'clear', 'apply', 'selected'],
    contentTemplateSchema(['count']),
  ),
  search: textGroup(['placeholder', 'noResults', 'clear'], contentTemplateSchema(['query'])),
  pagination: textGroup(
    ['previous', 'next', 'first', 'last', 'page', 'showMore', 'showing', 'perPage'],
    contentTemplateSchema(['page', 'total', 'from', 'to', 'count']),
  ),
  view: textGroup(['grid', 'list']),
});

// ---------------------------------------------------------------------------------------------
// appearance: the seasonal look

export const appearanceSchema = z.strictObject({
  theme: z.enum(['holiday', 'default']),
  snow: z.boolean(),
  snowIntensity: z.enum(['light', 'medium', 'heavy']).optional(),
  accents: z.strictObject({
    primary: colorSchema,
    secondary: colorSchema,
    highlight: colorSchema,
    background: colorSchema,
    surface: colorSchema,
  }),
  logo: z.strictObject({
    full: contentImageSchema,
    short: contentImageSchema,
    alt: contentTextSchema,
    /** Spec §2: the full logo shows from this width on. */
    fullFromWidth: z.string().regex(/^\d+(\.\d+)?rem$/),
  }),
  favicon: contentImageSchema.optional(),
  seasonalBadge: contentTextSchema.optional(),
  background: contentImageSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// loyalty: level names and descriptions (levels and rewards come from /api/retention/levels)

export const loyaltySchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema,
  howItWorks: z.array(contentTextSchema).min(1),
  levels: z.record(
    slugSchema,
    z.strictObject({
      name: contentTextSchema,
      description: contentTextSchema,
      perks: z.array(contentTextSchema).min(1),
    }),
  ),
  labels: textGroup(
    [
      'currentLevel',
      'nextLevel',
      'progress',
      'sublevel',
      'reward',
      'claimReward',
      'claimed',
      'locked',
      'loginToSee',
      'maxLevel',
    ],
    contentTemplateSchema(['points', 'target', 'order', 'level']),
  ),
});

// ---------------------------------------------------------------------------------------------
// quests: texts per quest state (spec §4) and quest page labels

export const QUEST_STATE_KEYS = [
  'manual',
  'activated',
  'completed',
  'awarded',
  'notAccessible',
  'notAccessibleExpired',
] as const;
export const questsSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema,
  tabs: textGroup(['list', 'achievements']),
  states: z.record(
    z.enum(QUEST_STATE_KEYS),
    z.strictObject({
      label: contentTextSchema,
      description: contentTextSchema,
      action: contentTextSchema.optional(),
    }),
  ),
  labels: textGroup(
    ['tasks', 'progress', 'reward', 'endsIn', 'ended', 'chain', 'step', 'loginToSee'],
    contentTemplateSchema(['done', 'total', 'time', 'step']),
  ),
  empty: textGroup(['list', 'achievements']),
});

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// promotions: /promotions and /promotions/{slug}, and the names of bonuses by definition slug

/**
 * What a promotion page offers: the daily claim, a code to copy and apply (`instant`: on the
 * page; `purchase`: typed in the purchase form), or a link.
 */
export const promotionActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('daily') }),
  z.strictObject({
    type: z.literal('code'),
    code: z.string().regex(/^\S{1,64}$/),
    use: z.enum(['instant', 'purchase']),
  }),
  z.strictObject({ type: z.literal('link'), button: buttonSchema }),
]);
export type PromotionAction = z.infer<typeof promotionActionSchema>;

export const promotionSchema = z.strictObject({
  slug: slugSchema,
  title: contentTextSchema,
  summary: contentTextSchema,
  image: contentImageSchema,
  body: z.array(contentBlockSchema).min(1),
  terms: z.array(contentTextSchema).min(1),
  action: promotionActionSchema.optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionsSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema,
  /** A player bonus is named by its definition's slug; unnamed ones by their kind. */
  bonusNames: z.record(slugSchema, contentTextSchema),
  items: z
    .array(promotionSchema)
    .refine(
      (ps) => new Set(ps.map((p) => p.slug)).size === ps.length,
      'Two promotions share a slug',
    ),
});
export type PromotionsContent = z.infer<typeof promotionsSchema>;
