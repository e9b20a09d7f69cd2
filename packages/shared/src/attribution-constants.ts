/**
 * Marketing attribution of a registration (spec §3 local storage, §4 affiliate tag and A/B
 * funnels, §9 tracked parameters): what the site kept from the visit, sent once with the sign-up
 * and stored on the player. Every part is optional: a visitor may come with none of it.
 */
export const AB_GROUPS = ['A', 'B'] as const;
export type AbGroupName = (typeof AB_GROUPS)[number];
export const FUNNEL_TYPES = ['open', 'semi-closed'] as const;
export type FunnelTypeName = (typeof FUNNEL_TYPES)[number];

/** The tracked marketing parameters of spec §3, in the order the spec lists them. */
export const MARKETING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gad_source',
  'gclid',
] as const;
export type MarketingParam = (typeof MARKETING_PARAMS)[number];
