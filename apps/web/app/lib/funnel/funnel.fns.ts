import { AB_GROUPS, FUNNEL_TYPES } from '@coinfall/shared/attribution-constants';
import type { FunnelCampaignRule } from '@coinfall/shared';

/**
 * The A/B group and funnel type of spec §3–§4 (decision 063). The server chooses them on the
 * first request and keeps them in these cookies, so every page renders the same on the server
 * and in the browser; the site mirrors them into the spec's local-storage keys.
 */
export const AB_GROUP_COOKIE = 'ab_group';
export const FUNNEL_TYPE_COOKIE = 'funnel_type';

export type AbGroup = (typeof AB_GROUPS)[number];
export type FunnelType = (typeof FUNNEL_TYPES)[number];

export interface Funnel {
  abGroup: AbGroup;
  funnelType: FunnelType;
}

/** Splits visitors evenly from one random byte (crypto.getRandomValues). */
export function abGroupFromByte(byte: number): AbGroup {
  return byte % 2 === 0 ? 'A' : 'B';
}

/** A rule's campaign against a visit's utm_campaign: case-insensitive, `*` at the end = prefix. */
export function campaignMatches(pattern: string, utmCampaign: string): boolean {
  const want = pattern.toLowerCase();
  const got = utmCampaign.toLowerCase();
  return want.endsWith('*') ? got.startsWith(want.slice(0, -1)) : got === want;
}

/** The funnel the first matching campaign rule sets; undefined when none matches. */
export function campaignFunnel(
  rules: readonly FunnelCampaignRule[],
  utmCampaign: string | undefined,
): FunnelType | undefined {
  if (!utmCampaign) return undefined;
  return rules.find((rule) => campaignMatches(rule.campaign, utmCampaign))?.funnel;
}

/** Spec §4: open for A, semi-closed for B, unless a campaign rule says otherwise. */
export function funnelTypeFor(
  group: AbGroup,
  utmCampaign: string | undefined,
  rules: readonly FunnelCampaignRule[] = [],
): FunnelType {
  return campaignFunnel(rules, utmCampaign) ?? (group === 'A' ? 'open' : 'semi-closed');
}

const asGroup = (value: string | undefined) => AB_GROUPS.find((g) => g === value);
const asFunnel = (value: string | undefined) => FUNNEL_TYPES.find((f) => f === value);

/**
 * The visit's funnel from what is stored (cookies; anything unknown counts as absent), the
 * request's utm_campaign and the content's rules. The group, once drawn, stays; a campaign rule
 * sets the funnel whenever the visit carries its campaign (the site keeps utm_campaign on every
 * URL of the visit); otherwise the stored funnel stays, or the group's is taken. `changed`: the
 * cookies must be (re)written.
 */
export function chooseFunnel(input: {
  storedGroup: string | undefined;
  storedFunnel: string | undefined;
  utmCampaign: string | undefined;
  rules: readonly FunnelCampaignRule[];
  randomByte: number;
}): Funnel & { changed: boolean } {
  const abGroup = asGroup(input.storedGroup) ?? abGroupFromByte(input.randomByte);
  const funnelType =
    campaignFunnel(input.rules, input.utmCampaign) ??
    asFunnel(input.storedFunnel) ??
    funnelTypeFor(abGroup, undefined);
  return {
    abGroup,
    funnelType,
    changed: abGroup !== input.storedGroup || funnelType !== input.storedFunnel,
  };
}

/** Spec §3 `isClosedFunnel`: the one reading of the stored funnel type. */
export function isClosedFunnel(funnelType: FunnelType): boolean {
  return funnelType === 'semi-closed';
}

/**
 * The secondary exits a guest of a semi-closed funnel does not see in the header, drawer and
 * footer (decision 063): help centre and FAQ articles, fairness, about, the rewards and promotion
 * pages, and links that leave the site. Everything else stays — the lobby, the games, contact,
 * and every other /static page (terms, privacy, sweepstakes rules, responsible gaming).
 */
export const CLOSED_FUNNEL_HIDDEN_PATHS = [
  '/questions',
  '/fairness',
  '/static/about',
  '/quests',
  '/loyalty',
  '/vip',
  '/promotions',
  '/sport',
] as const;

/** Whether a content link (an unlocalized path or a URL) is hidden in a semi-closed funnel. */
export function isHiddenInClosedFunnel(url: string): boolean {
  if (/^https?:\/\//i.test(url) || url.startsWith('//')) return true;
  if (!url.startsWith('/')) return false;
  const path = url.split(/[?#]/)[0] ?? url;
  return CLOSED_FUNNEL_HIDDEN_PATHS.some(
    (hidden) => path === hidden || path.startsWith(`${hidden}/`),
  );
}

/** The content links a visitor sees: all of them, or without the hidden exits for a closed guest. */
export function linksForFunnel<T extends { url: string }>(
  items: readonly T[],
  guarded: boolean,
): T[] {
  return guarded ? items.filter((item) => !isHiddenInClosedFunnel(item.url)) : [...items];
}
