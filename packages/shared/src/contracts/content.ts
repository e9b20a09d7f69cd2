import { z } from 'zod';
import { ALERT_KEYS, ALERT_TYPES, type AlertKey } from '../alert-keys.ts';
import { LOCALES } from '../locales.ts';

/**
 * Content documents (spec §7 "Content queries"), one JSON file per locale each, kept in the
 * repo under apps/server/content/. Every document has a strict schema below (CONTENT_SCHEMAS)
 * that the server checks at start-up, so a typo in content never reaches a player.
 */
export const CONTENT_QUERIES = [
  'validations',
  'fields',
  'main-layout',
  'popups',
  'banners',
  'bundles',
  'alerts',
  'global-components',
  'page-controls',
  'appearance',
  'loyalty',
  'quests',
  'error-pages',
  'pages',
  'static-pages',
  'faq',
] as const;
export type ContentQuery = (typeof CONTENT_QUERIES)[number];

export const contentNameSchema = z.enum(CONTENT_QUERIES);

export const contentManifestEntrySchema = z.object({
  /** Path to fetch, relative to /api/content/{locale}/ — "<query>.<hash>.json". */
  path: z.string(),
  hash: z.string(),
  /** Subresource-integrity value of the document bytes (sha384-…). */
  integrity: z.string(),
  /** Locale the document actually came from (the default locale when this one lacks it). */
  locale: z.enum(LOCALES),
});
export const contentManifestSchema = z.object({
  locale: z.enum(LOCALES),
  preview: z.boolean(),
  entries: z.record(z.string(), contentManifestEntrySchema),
});
export type ContentManifest = z.infer<typeof contentManifestSchema>;

// ---------------------------------------------------------------------------------------------
// Building blocks. Text is never blank and carries no braces unless it is a template, and a
// template may only use the placeholders its field declares: "{summ}" fails at start-up.

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const NOT_BLANK = /\S/;

/** Plain player-facing text. */
export const contentTextSchema = z
  .string()
  .regex(NOT_BLANK, 'Text must not be blank')
  .refine((s) => !/[{}]/.test(s), 'No placeholder is allowed in this text');

/** Text with `{name}` placeholders; `required` ones must appear (a bound the player needs). */
export function contentTemplateSchema(
  allowed: readonly string[],
  required: readonly string[] = [],
) {
  return z
    .string()
    .regex(NOT_BLANK, 'Text must not be blank')
    .superRefine((value, ctx) => {
      if (/[{}]/.test(value.replace(PLACEHOLDER, '')))
        ctx.addIssue({ code: 'custom', message: 'Unbalanced "{" or "}"' });
      const used = [...value.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
      for (const name of used.filter((n) => !allowed.includes(n))) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder {${name}}; allowed: ${allowed.map((a) => `{${a}}`).join(' ') || 'none'}`,
        });
      }
      for (const name of required.filter((n) => !used.includes(n))) {
        ctx.addIssue({ code: 'custom', message: `Missing placeholder {${name}}` });
      }
    });
}

/** Site paths are unlocalized ("/games"; the site adds the prefix), "#support-chat" or https. */
export const contentUrlSchema = z
  .string()
  .regex(
    /^(\/(?!\/)\S*|#[\w-]+|https:\/\/\S+|mailto:\S+@\S+)$/,
    'Expected "/path", "#anchor", an https:// or a mailto: URL',
  );
export const contentImageSchema = z
  .string()
  .regex(
    /^(\/(?!\/)|https:\/\/)\S+\.(svg|png|jpe?g|webp|avif)$/,
    'Expected an image path such as /images/x.svg',
  );
const slugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Expected a kebab-case slug');
const colorSchema = z.string().regex(/^#[0-9a-f]{6}$/i, 'Expected a #rrggbb colour');

/** A strict object with one schema per key: every key required, no unknown key allowed. */
function strictGroup<const K extends string, V extends z.ZodType>(
  keys: readonly K[],
  schemaFor: (key: K) => V,
) {
  return z.strictObject(Object.fromEntries(keys.map((k) => [k, schemaFor(k)])) as Record<K, V>);
}

/** A strict object of texts, one per key, all with the same value schema. */
function textGroup<const K extends string>(
  keys: readonly K[],
  value: z.ZodString = contentTextSchema,
) {
  return strictGroup(keys, () => value);
}

/** Refuses a keyed document that lacks one of the keys the site links to. */
function withKeys<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  keys: readonly string[],
) {
  return schema.superRefine((doc, ctx) => {
    for (const k of keys.filter((k) => !(k in doc)))
      ctx.addIssue({ code: 'custom', path: [k], message: `Missing page "${k}"` });
  });
}

const buttonSchema = z.strictObject({ label: contentTextSchema, url: contentUrlSchema });

// ---------------------------------------------------------------------------------------------
// error-pages (spec §2 "Error page")

export const ERROR_PAGE_CODES = ['404', '403', '500', 'blocked'] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];
export const errorPageSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema,
  /** Extra line shown above the button (the Blocked page shows one). */
  label: contentTextSchema.optional(),
  button: buttonSchema,
  image: contentImageSchema,
});
export const errorPagesSchema = z.record(z.enum(ERROR_PAGE_CODES), errorPageSchema);
export type ErrorPageContent = z.infer<typeof errorPageSchema>;

// ---------------------------------------------------------------------------------------------
// pages, static-pages, faq: block-structured bodies

/** A safe block-structured body: no raw HTML ever reaches the page. */
export const contentBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('heading'), text: contentTextSchema }),
  z.strictObject({ type: z.literal('paragraph'), text: contentTextSchema }),
  z.strictObject({ type: z.literal('list'), items: z.array(contentTextSchema).min(1) }),
  z.strictObject({ type: z.literal('link'), text: contentTextSchema, url: contentUrlSchema }),
]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const contentPageSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema.optional(),
  blocks: z.array(contentBlockSchema).min(1),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const PAGE_KEYS = ['home', 'contact', 'vip', 'loyalty', 'headers'] as const;
export const STATIC_PAGE_KEYS = [
  'terms',
  'privacy',
  'sweepstakes-rules',
  'responsible-gaming',
  'about',
] as const;

/** "pages": the content-driven routes (home, contact, vip, loyalty, headers). */
export const pagesSchema = withKeys(z.record(slugSchema, contentPageSchema), PAGE_KEYS);
/** "static-pages": /static/{pageUrl} and catch-all slugs, keyed by pageUrl. */
export const staticPagesSchema = withKeys(
  z.record(slugSchema, contentPageSchema),
  STATIC_PAGE_KEYS,
);

export const faqSchema = z.strictObject({
  title: contentTextSchema,
  description: contentTextSchema.optional(),
  categories: z
    .array(
      z.strictObject({
        pageUrl: slugSchema,
        title: contentTextSchema,
        questions: z
          .array(
            z.strictObject({
              question: contentTextSchema,
              answer: z.array(contentBlockSchema).min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .refine(
      (cs) => new Set(cs.map((c) => c.pageUrl)).size === cs.length,
      'Two categories share a pageUrl',
    ),
});
export type FaqContent = z.infer<typeof faqSchema>;

// ---------------------------------------------------------------------------------------------
// main-layout: header and drawer navigation, footer links

export const navItemSchema = z.strictObject({
  id: slugSchema,
  label: contentTextSchema,
  url: contentUrlSchema,
  icon: slugSchema.optional(),
  loginRequired: z.boolean().optional(),
});
export const mainLayoutSchema = z.strictObject({
  header: z.array(navItemSchema),
  drawer: z.array(
    z.strictObject({
      id: slugSchema.optional(),
      title: contentTextSchema.optional(),
      items: z.array(navItemSchema).min(1),
    }),
  ),
  footer: z.strictObject({
    columns: z.array(
      z.strictObject({ title: contentTextSchema, items: z.array(navItemSchema).min(1) }),
    ),
    legal: contentTemplateSchema(['year']),
  }),
});
export type MainLayoutContent = z.infer<typeof mainLayoutSchema>;
export type NavItem = z.infer<typeof navItemSchema>;

// ---------------------------------------------------------------------------------------------
// alerts: title/description per alert key of spec §8

export { ALERT_KEYS, ALERT_TYPES, type AlertKey, type AlertType } from '../alert-keys.ts';

/** Placeholders the client fills in per alert; every other alert is plain text. */
export const ALERT_PLACEHOLDERS: Partial<Record<AlertKey, readonly string[]>> = {
  depositSuccess: ['sum', 'date'],
  depositError: ['sum', 'date'],
  winner: ['nickname', 'amount', 'game'],
};
export const alertTextSchema = z.strictObject({
  type: z.enum(ALERT_TYPES),
  title: z.string().regex(NOT_BLANK),
  description: z.string().regex(NOT_BLANK),
  typeText: contentTextSchema.optional(),
  icon: slugSchema.optional(),
});
function alertSchemaFor(key: AlertKey) {
  const allowed = ALERT_PLACEHOLDERS[key] ?? [];
  return alertTextSchema.extend({
    title: contentTemplateSchema(allowed),
    description: contentTemplateSchema(allowed, allowed),
  });
}
export const alertsSchema = strictGroup(ALERT_KEYS, alertSchemaFor);
export type AlertsContent = z.infer<typeof alertsSchema>;

// ---------------------------------------------------------------------------------------------
// validations: generic messages of spec §5 by rule, plus the phone parse codes

export const PHONE_PARSE_ERRORS = [
  'NOT_A_NUMBER',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_COUNTRY',
] as const;
/** Placeholders each rule's message must show; rules not listed take none. */
export const VALIDATION_RULE_PLACEHOLDERS = {
  min: ['min'],
  max: ['max'],
  between: ['min', 'max'],
  min_value: ['min'],
  max_value: ['max'],
  digits: ['param'],
  digits_between: ['min', 'max'],
  minAge: ['param'],
  maxAge: ['param'],
  confirmed: ['param'],
  different: ['param'],
  before: ['param'],
  before_or_equal: ['param'],
  after: ['param'],
  after_or_equal: ['param'],
  date_equals: ['param'],
  required_if: ['param'],
} as const satisfies Record<string, readonly string[]>;
// prettier-ignore
export const VALIDATION_RULES = [
  ...(Object.keys(VALIDATION_RULE_PLACEHOLDERS) as (keyof typeof VALIDATION_RULE_PLACEHOLDERS)[]),
  'required', 'email', 'url', 'ip', 'mac_address', 'integer', 'decimal', 'numeric', 'phone',
  'name', 'postalCode', 'countryCode', 'languageCode', 'accepted', 'declined', 'date',
  'alpha_dash', 'boolean', 'regex', 'not_regex', 'array', 'string', 'lowercase', 'uppercase',
  'cardNumber', 'and', 'or', 'not',
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];
export type ValidationMessageKey = ValidationRule | (typeof PHONE_PARSE_ERRORS)[number];

function validationMessageSchema(key: ValidationMessageKey) {
  const placeholders: readonly string[] =
    (VALIDATION_RULE_PLACEHOLDERS as Record<string, readonly string[]>)[key] ?? [];
  return contentTemplateSchema(placeholders, placeholders);
}
export const validationsSchema = strictGroup(
  [...VALIDATION_RULES, ...PHONE_PARSE_ERRORS],
  validationMessageSchema,
);

// ---------------------------------------------------------------------------------------------
// fields: label and placeholder of every form field kind of spec §3

// prettier-ignore
export const FORM_FIELD_KINDS = [
  'password', 'currentPassword', 'newPassword', 'repeatNewPassword', 'firstName', 'lastName',
  'nationality', 'nickname', 'gender', 'city', 'address', 'additionalAddress', 'postalCode',
  'timeZone', 'profession', 'language', 'captcha', 'bonusCode', 'securityQuestion',
  'securityAnswer', 'email', 'country', 'currency', 'agreements', 'receiveEmailPromo',
  'receiveSmsPromo', 'receiveBonus', 'phone', 'birthdate', 'placeOfBirth', 'personalIdNumber',
  'message',
  // Not a §3 kind, but a profile field the complete-profile form always asks for.
  'region',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];
export const fieldTextSchema = z.strictObject({
  label: contentTextSchema,
  placeholder: contentTextSchema.optional(),
  hint: contentTextSchema.optional(),
  /** Choice labels by value (gender, language, security questions). */
  options: z.record(z.string().regex(/^[a-zA-Z0-9-]+$/), contentTextSchema).optional(),
  /** Documents a checkbox label refers to (terms, privacy). */
  links: z.array(buttonSchema).optional(),
});
export const fieldsSchema = z.record(z.enum(FORM_FIELD_KINDS), fieldTextSchema);

// ---------------------------------------------------------------------------------------------
// popups: texts of every modal of spec §2, by modal name

// prettier-ignore
export const POPUP_KEYS = [
  'register', 'signIn', 'success', 'error', 'confirm', 'forgotPass', 'resetPass', 'bundles',
  'verifyBonus', 'profile', 'profileTerms', 'userName', 'userNameEmail', 'verifyPhone', 'payment',
  'cardInfo', 'redeem', 'maintenance', 'kycVerified', 'w9', 'removeAccount', 'redeemLimits',
  'purchase', 'receiveBonus', 'deposit', 'withdraw', 'registerCancel', 'fiat',
] as const;
export type PopupKey = (typeof POPUP_KEYS)[number];
const POPUP_PLACEHOLDERS = [
  'amount',
  'currency',
  'code',
  'phone',
  'email',
  'count',
  'min',
  'max',
  'date',
];
const popupTemplate = contentTemplateSchema(POPUP_PLACEHOLDERS);
export const popupTextSchema = z.strictObject({
  title: popupTemplate,
  description: popupTemplate.optional(),
  image: contentImageSchema.optional(),
  primaryButton: contentTextSchema.optional(),
  secondaryButton: contentTextSchema.optional(),
  /** Further lines of this modal by key, e.g. the error modal's texts per error code. */
  texts: z.record(z.string().regex(/^[a-zA-Z0-9]+$/), popupTemplate).optional(),
});
export const popupsSchema = z.record(z.enum(POPUP_KEYS), popupTextSchema);

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

/** The schema of every content document; the server refuses to start on a document that fails. */
export const CONTENT_SCHEMAS = {
  validations: validationsSchema,
  fields: fieldsSchema,
  'main-layout': mainLayoutSchema,
  popups: popupsSchema,
  banners: bannersSchema,
  bundles: bundlesSchema,
  alerts: alertsSchema,
  'global-components': globalComponentsSchema,
  'page-controls': pageControlsSchema,
  appearance: appearanceSchema,
  loyalty: loyaltySchema,
  quests: questsSchema,
  'error-pages': errorPagesSchema,
  pages: pagesSchema,
  'static-pages': staticPagesSchema,
  faq: faqSchema,
} as const satisfies Record<ContentQuery, z.ZodType>;
export type ContentDocument<Q extends ContentQuery> = z.infer<(typeof CONTENT_SCHEMAS)[Q]>;
